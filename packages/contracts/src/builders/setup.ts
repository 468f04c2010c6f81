/**
 * Staff flows: create the NFT, deploy its manager through a proxy, configure the escrow (the last
 * two from the description of the version deployed, ../market/v1.ts or v2.ts).
 */
import algosdk from 'algosdk'
import { buildVariant, type BuildInput, type BuiltGroup } from '../market/build.js'
import { CURRENT_VERSION, type ContractVersion } from '../market/versions.js'
import type { Royalty } from '../royalty.js'
import { arc69Note, nftMetadataHash, type NftDescription } from '../nft.js'
import { boundProxyProgram, proxyProgram, type BoundProxyVersion } from '../programs/index.js'
import { group, wallet, withFee, type ChainParams, type UnsignedGroup } from './group.js'

export interface CreateNftInput extends NftDescription {
  readonly creator: string
  readonly params: ChainParams
}

/** [0] acfg: the NFT (total 1, decimals 0, manager = reserve = creator, no freeze, no clawback). */
export function buildCreateNft(input: CreateNftInput): UnsignedGroup {
  const txn = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
    sender: input.creator,
    total: 1n,
    decimals: 0,
    defaultFrozen: false,
    unitName: input.unitName,
    assetName: input.assetName,
    assetURL: input.url,
    assetMetadataHash: nftMetadataHash(input.guid),
    manager: input.creator,
    reserve: input.creator,
    note: arc69Note(input),
    suggestedParams: withFee(input.params, 1),
  })
  return group([txn], [wallet(input.creator)])
}

/** What the staff's setup groups are about: the creator, the assets, the version deployed. */
interface SetupInput {
  readonly creator: string
  readonly usdcId: bigint
  readonly nftId: bigint
  readonly params: ChainParams
  /** The contract version to deploy or configure; CURRENT_VERSION when unset. */
  readonly version?: ContractVersion
}

export interface DeployInput extends SetupInput {
  readonly proxyId: number
}

function setupGroup(
  operation: 'DEPLOY' | 'CONFIGURE',
  input: SetupInput,
  more: Pick<BuildInput, 'appId' | 'proxyId' | 'royalty'>,
): BuiltGroup {
  const { creator, usdcId, nftId, params } = input
  const built = { roles: { creator }, terms: { usdcId, nftId }, params, ...more }
  return buildVariant(operation, operation.toLowerCase(), built, input.version ?? CURRENT_VERSION)
}

/**
 * [0] pay creator -> proxy, PROXY_FUNDING (v2: PROXY_FUNDING_V2), fee 2x (it pays the proxy's
 *     fee too)
 * [1] appl create from the proxy (signed by the proxy logic sig, v2's bound to the creator), fee
 *     0, args [USDC id, NFT id]
 */
export function buildDeploy(input: DeployInput): BuiltGroup {
  return setupGroup('DEPLOY', input, { proxyId: input.proxyId })
}

/** Signs a transaction the builders marked `{kind: 'proxy'}` (with its creator for v2 and v3). */
export function signWithProxy(
  txn: algosdk.Transaction,
  proxyId: number,
  creator?: string,
  version: BoundProxyVersion = 2,
): Uint8Array {
  const p =
    creator === undefined ? proxyProgram(proxyId) : boundProxyProgram(proxyId, creator, version)
  const lsig = new algosdk.LogicSigAccount(p.bytes)
  return algosdk.signLogicSigTransactionObject(txn, lsig).blob
}

export interface ConfigureInput extends SetupInput {
  readonly appId: bigint
  /** v2: the royalty split, fixed for the app's life (none when unset). */
  readonly royalty?: Royalty
}

/**
 * [0] pay creator -> escrow, ESCROW_FUNDING, fee 1x
 * [1] appl C (v2: C royalty), fee 3x (itself and the escrow's two opt-ins)
 */
export function buildConfigure(input: ConfigureInput): BuiltGroup {
  return setupGroup('CONFIGURE', input, { appId: input.appId, royalty: input.royalty })
}
