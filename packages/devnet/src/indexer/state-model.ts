/**
 * Current ledger state (algod models from the chain) joined with the indexer's lifetime records
 * into indexer v2 models: assets, applications, holdings, local states and accounts.
 */
import { indexerModels as im, modelsv2, ALGORAND_ZERO_ADDRESS_STRING } from 'algosdk'
import type { CreatableRecord, Lifetime } from './state-index.js'
import { printableOrEmpty, utf8OrUndefined } from './text.js'

function lifetimeRounds(record: Lifetime | undefined): {
  created?: number
  closed?: number
  deleted: boolean
} {
  return {
    created: record?.created ?? 0,
    closed: record?.closed,
    deleted: record?.deleted ?? false,
  }
}

function text(bytes: Uint8Array | undefined, str: string | undefined): string {
  if (bytes !== undefined && bytes.length > 0) return printableOrEmpty(utf8OrUndefined(bytes) ?? '')
  return printableOrEmpty(str ?? '')
}

function bytesOf(bytes: Uint8Array | undefined, str: string | undefined): Uint8Array {
  return bytes !== undefined && bytes.length > 0 ? bytes : new TextEncoder().encode(str ?? '')
}

/**
 * Asset params. `/v2/assets` shows unset role addresses as the zero address (the indexer prints
 * every role address it stores there, api/handlers.go fetchAssets); an account's created assets
 * leave them out (postgres.go addrStr).
 */
function assetParams(
  params: modelsv2.AssetParams | undefined,
  creator: string,
  zeroForUnset: boolean,
): im.AssetParams {
  const role = (a: string | undefined): string | undefined =>
    a !== undefined && a !== '' && a !== ALGORAND_ZERO_ADDRESS_STRING
      ? a
      : zeroForUnset
        ? ALGORAND_ZERO_ADDRESS_STRING
        : undefined
  const hash = params?.metadataHash
  return new im.AssetParams({
    creator: params?.creator ?? creator,
    decimals: params?.decimals ?? 0,
    total: params?.total ?? 0n,
    clawback: role(params?.clawback),
    defaultFrozen: params?.defaultFrozen ?? false,
    freeze: role(params?.freeze),
    manager: role(params?.manager),
    reserve: role(params?.reserve),
    metadataHash: hash !== undefined && hash.some((b) => b !== 0) ? hash : undefined,
    name: text(params?.nameB64, params?.name),
    nameB64: bytesOf(params?.nameB64, params?.name),
    unitName: text(params?.unitNameB64, params?.unitName),
    unitNameB64: bytesOf(params?.unitNameB64, params?.unitName),
    url: text(params?.urlB64, params?.url),
    urlB64: bytesOf(params?.urlB64, params?.url),
  })
}

export function asset(
  record: CreatableRecord,
  creator: string,
  current: modelsv2.Asset | undefined,
  zeroForUnset: boolean,
): im.Asset {
  const life = lifetimeRounds(record)
  return new im.Asset({
    index: record.id,
    // A destroyed asset keeps only its creator, as in the indexer (params set to null).
    params: assetParams(record.deleted ? undefined : current?.params, creator, zeroForUnset),
    createdAtRound: life.created,
    destroyedAtRound: life.closed,
    deleted: life.deleted,
  })
}

function tealKeyValues(kvs: readonly modelsv2.TealKeyValue[] | undefined): im.TealKeyValue[] {
  return (kvs ?? []).map(
    (kv) =>
      new im.TealKeyValue({
        key: kv.key,
        value: new im.TealValue({
          bytes: kv.value.bytes,
          type: kv.value.type,
          uint: kv.value.uint,
        }),
      }),
  )
}

function schema(
  s: modelsv2.ApplicationStateSchema | undefined,
): im.ApplicationStateSchema | undefined {
  return s === undefined
    ? undefined
    : new im.ApplicationStateSchema({ numByteSlice: s.numByteSlice, numUint: s.numUint })
}

export function application(
  record: CreatableRecord,
  creator: string,
  current: modelsv2.Application | undefined,
): im.Application {
  const life = lifetimeRounds(record)
  const params = record.deleted ? undefined : current?.params
  return new im.Application({
    id: record.id,
    params: new im.ApplicationParams({
      creator,
      approvalProgram: params?.approvalProgram ?? new Uint8Array(),
      clearStateProgram: params?.clearStateProgram ?? new Uint8Array(),
      extraProgramPages: params?.extraProgramPages,
      globalState: tealKeyValues(params?.globalState),
      globalStateSchema: schema(params?.globalStateSchema),
      localStateSchema: schema(params?.localStateSchema),
      version: params?.version,
    }),
    createdAtRound: life.created,
    deletedAtRound: life.closed,
    deleted: life.deleted,
  })
}

/** What an account's holding of an asset shows in both of the indexer's holding models. */
function holdingFields(current: modelsv2.AssetHolding | undefined, record: Lifetime | undefined) {
  const life = lifetimeRounds(record)
  return {
    amount: current?.amount ?? 0n,
    isFrozen: current?.isFrozen ?? false,
    optedInAtRound: life.created,
    optedOutAtRound: life.closed,
    deleted: current === undefined ? true : life.deleted,
  }
}

type HoldingModel<T> = (
  owner: T,
  current: modelsv2.AssetHolding | undefined,
  record: Lifetime | undefined,
) => im.AssetHolding | im.MiniAssetHolding

export const assetHolding = ((assetId: bigint, current, record) =>
  new im.AssetHolding({
    assetId,
    ...holdingFields(current, record),
  })) satisfies HoldingModel<bigint>

export const miniAssetHolding = ((address: string, current, record) =>
  new im.MiniAssetHolding({
    address,
    ...holdingFields(current, record),
  })) satisfies HoldingModel<string>

export function localState(
  appId: bigint,
  current: modelsv2.ApplicationLocalState | undefined,
  record: Lifetime | undefined,
): im.ApplicationLocalState {
  const life = lifetimeRounds(record)
  return new im.ApplicationLocalState({
    id: appId,
    schema:
      schema(current?.schema) ?? new im.ApplicationStateSchema({ numByteSlice: 0, numUint: 0 }),
    keyValue: tealKeyValues(current?.keyValue),
    optedInAtRound: life.created,
    closedOutAtRound: life.closed,
    deleted: current === undefined ? true : life.deleted,
  })
}

export function participation(
  p: modelsv2.AccountParticipation | undefined,
): im.AccountParticipation | undefined {
  return p === undefined
    ? undefined
    : new im.AccountParticipation({
        selectionParticipationKey: p.selectionParticipationKey,
        voteFirstValid: p.voteFirstValid,
        voteKeyDilution: p.voteKeyDilution,
        voteLastValid: p.voteLastValid,
        voteParticipationKey: p.voteParticipationKey,
        stateProofKey: p.stateProofKey,
      })
}

export { schema as stateSchema }
