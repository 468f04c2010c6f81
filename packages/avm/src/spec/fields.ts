/**
 * Field tables: the names an immediate selects for txn/global/asset/app/account/block opcodes and
 * the enumerations of crypto opcodes. A field's `value` is its position in its table, which is the
 * byte the assembler writes; go-algorand's `data/transactions/logic/fields.go` holds the same
 * facts and order. `fields.test.ts` checks them against its langspec files.
 */
import type { FieldGroupName, RunMode } from './opcodes.js'
import { NONE, parseProto, type StackType } from './types.js'
import {
  BOX_VERSION,
  FIDO_VERSION,
  INCENTIVE_VERSION,
  MIMC_VERSION,
  PAIRING_VERSION,
  RANDOMNESS_VERSION,
} from './versions.js'

export interface FieldSpec {
  readonly name: string
  /** The immediate byte that selects it. */
  readonly value: number
  /** First program version that may use it. */
  readonly version: number
  /** Result type; NONE for enumerations that select behaviour (curves, encodings). */
  readonly type: StackType
  readonly modes: RunMode
}

export interface TxnFieldSpec extends FieldSpec {
  /** An array field, read with txna/gtxna/... and an index. */
  readonly array: boolean
  /** First version in which itxn_field may set it; 0 if it never may. */
  readonly innerVersion: number
  /** An effect of execution (Logs, CreatedAssetID, ...), readable only after the txn ran. */
  readonly effect: boolean
}

export interface FieldGroup<F extends FieldSpec = FieldSpec> {
  readonly name: FieldGroupName
  readonly fields: readonly F[]
  readonly byName: ReadonlyMap<string, F>
}

interface FieldRow {
  readonly name: string
  readonly type?: string
  readonly version: number
  readonly modes?: RunMode
}

function fieldGroup(name: FieldGroupName, rows: readonly FieldRow[]): FieldGroup {
  const fields = rows.map((r, value) => ({
    name: r.name,
    value,
    version: r.version,
    type: r.type === undefined ? NONE : parseProto(`${r.type}:`).args[0],
    modes: r.modes ?? 'any',
  }))
  return { name, fields, byName: new Map(fields.map((f) => [f.name, f])) }
}

interface TxnFieldRow extends FieldRow {
  readonly array: boolean
  readonly innerVersion: number
  readonly effect: boolean
}

function txnFieldGroup(rows: readonly TxnFieldRow[]): FieldGroup<TxnFieldSpec> {
  const base = fieldGroup('txn', rows)
  const fields = base.fields.map((f, i) => ({
    ...f,
    array: rows[i].array,
    innerVersion: rows[i].innerVersion,
    effect: rows[i].effect,
  }))
  return { name: 'txn', fields, byName: new Map(fields.map((f) => [f.name, f])) }
}

// prettier-ignore
export const TXN_FIELDS = txnFieldGroup([
  { name: 'Sender', type: 'A', array: false, version: 1, innerVersion: 5, effect: false },
  { name: 'Fee', type: 'i', array: false, version: 1, innerVersion: 5, effect: false },
  { name: 'FirstValid', type: 'i', array: false, version: 1, innerVersion: 0, effect: false },
  { name: 'FirstValidTime', type: 'i', array: false, version: RANDOMNESS_VERSION, innerVersion: 0, effect: false },
  { name: 'LastValid', type: 'i', array: false, version: 1, innerVersion: 0, effect: false },
  { name: 'Note', type: 'b', array: false, version: 1, innerVersion: 6, effect: false },
  { name: 'Lease', type: 'b32', array: false, version: 1, innerVersion: 0, effect: false },
  { name: 'Receiver', type: 'A', array: false, version: 1, innerVersion: 5, effect: false },
  { name: 'Amount', type: 'i', array: false, version: 1, innerVersion: 5, effect: false },
  { name: 'CloseRemainderTo', type: 'A', array: false, version: 1, innerVersion: 5, effect: false },
  { name: 'VotePK', type: 'b32', array: false, version: 1, innerVersion: 6, effect: false },
  { name: 'SelectionPK', type: 'b32', array: false, version: 1, innerVersion: 6, effect: false },
  { name: 'VoteFirst', type: 'i', array: false, version: 1, innerVersion: 6, effect: false },
  { name: 'VoteLast', type: 'i', array: false, version: 1, innerVersion: 6, effect: false },
  { name: 'VoteKeyDilution', type: 'i', array: false, version: 1, innerVersion: 6, effect: false },
  { name: 'Type', type: 'b', array: false, version: 1, innerVersion: 5, effect: false },
  { name: 'TypeEnum', type: 'i', array: false, version: 1, innerVersion: 5, effect: false },
  { name: 'XferAsset', type: 'i', array: false, version: 1, innerVersion: 5, effect: false },
  { name: 'AssetAmount', type: 'i', array: false, version: 1, innerVersion: 5, effect: false },
  { name: 'AssetSender', type: 'A', array: false, version: 1, innerVersion: 5, effect: false },
  { name: 'AssetReceiver', type: 'A', array: false, version: 1, innerVersion: 5, effect: false },
  { name: 'AssetCloseTo', type: 'A', array: false, version: 1, innerVersion: 5, effect: false },
  { name: 'GroupIndex', type: 'i', array: false, version: 1, innerVersion: 0, effect: false },
  { name: 'TxID', type: 'b32', array: false, version: 1, innerVersion: 0, effect: false },
  { name: 'ApplicationID', type: 'i', array: false, version: 2, innerVersion: 6, effect: false },
  { name: 'OnCompletion', type: 'i', array: false, version: 2, innerVersion: 6, effect: false },
  { name: 'ApplicationArgs', type: 'b', array: true, version: 2, innerVersion: 6, effect: false },
  { name: 'NumAppArgs', type: 'i', array: false, version: 2, innerVersion: 0, effect: false },
  { name: 'Accounts', type: 'A', array: true, version: 2, innerVersion: 6, effect: false },
  { name: 'NumAccounts', type: 'i', array: false, version: 2, innerVersion: 0, effect: false },
  { name: 'ApprovalProgram', type: 'b', array: false, version: 2, innerVersion: 6, effect: false },
  { name: 'ClearStateProgram', type: 'b', array: false, version: 2, innerVersion: 6, effect: false },
  { name: 'RekeyTo', type: 'A', array: false, version: 2, innerVersion: 6, effect: false },
  { name: 'ConfigAsset', type: 'i', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'ConfigAssetTotal', type: 'i', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'ConfigAssetDecimals', type: 'i', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'ConfigAssetDefaultFrozen', type: 'T', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'ConfigAssetUnitName', type: 'b', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'ConfigAssetName', type: 'b', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'ConfigAssetURL', type: 'b', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'ConfigAssetMetadataHash', type: 'b32', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'ConfigAssetManager', type: 'A', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'ConfigAssetReserve', type: 'A', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'ConfigAssetFreeze', type: 'A', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'ConfigAssetClawback', type: 'A', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'FreezeAsset', type: 'i', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'FreezeAssetAccount', type: 'A', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'FreezeAssetFrozen', type: 'T', array: false, version: 2, innerVersion: 5, effect: false },
  { name: 'Assets', type: 'i', array: true, version: 3, innerVersion: 6, effect: false },
  { name: 'NumAssets', type: 'i', array: false, version: 3, innerVersion: 0, effect: false },
  { name: 'Applications', type: 'i', array: true, version: 3, innerVersion: 6, effect: false },
  { name: 'NumApplications', type: 'i', array: false, version: 3, innerVersion: 0, effect: false },
  { name: 'GlobalNumUint', type: 'i', array: false, version: 3, innerVersion: 6, effect: false },
  { name: 'GlobalNumByteSlice', type: 'i', array: false, version: 3, innerVersion: 6, effect: false },
  { name: 'LocalNumUint', type: 'i', array: false, version: 3, innerVersion: 6, effect: false },
  { name: 'LocalNumByteSlice', type: 'i', array: false, version: 3, innerVersion: 6, effect: false },
  { name: 'ExtraProgramPages', type: 'i', array: false, version: 4, innerVersion: 6, effect: false },
  { name: 'Nonparticipation', type: 'T', array: false, version: 5, innerVersion: 6, effect: false },
  { name: 'Logs', type: 'b', array: true, version: 5, innerVersion: 0, effect: true },
  { name: 'NumLogs', type: 'i', array: false, version: 5, innerVersion: 0, effect: true },
  { name: 'CreatedAssetID', type: 'i', array: false, version: 5, innerVersion: 0, effect: true },
  { name: 'CreatedApplicationID', type: 'i', array: false, version: 5, innerVersion: 0, effect: true },
  { name: 'LastLog', type: 'b', array: false, version: 6, innerVersion: 0, effect: true },
  { name: 'StateProofPK', type: 'b64', array: false, version: 6, innerVersion: 6, effect: false },
  { name: 'ApprovalProgramPages', type: 'b', array: true, version: 7, innerVersion: 7, effect: false },
  { name: 'NumApprovalProgramPages', type: 'i', array: false, version: 7, innerVersion: 0, effect: false },
  { name: 'ClearStateProgramPages', type: 'b', array: true, version: 7, innerVersion: 7, effect: false },
  { name: 'NumClearStateProgramPages', type: 'i', array: false, version: 7, innerVersion: 0, effect: false },
  { name: 'RejectVersion', type: 'i', array: false, version: 12, innerVersion: 12, effect: false },
])

// prettier-ignore
export const GLOBAL_FIELDS = fieldGroup('global', [
  { name: 'MinTxnFee', type: 'i', version: 1 },
  { name: 'MinBalance', type: 'i', version: 1 },
  { name: 'MaxTxnLife', type: 'i', version: 1 },
  { name: 'ZeroAddress', type: 'A', version: 1 },
  { name: 'GroupSize', type: 'i', version: 1 },
  { name: 'LogicSigVersion', type: 'i', version: 2 },
  { name: 'Round', type: 'i', version: 2, modes: 'app' },
  { name: 'LatestTimestamp', type: 'i', version: 2, modes: 'app' },
  { name: 'CurrentApplicationID', type: 'i', version: 2, modes: 'app' },
  { name: 'CreatorAddress', type: 'A', version: 3, modes: 'app' },
  { name: 'CurrentApplicationAddress', type: 'A', version: 5, modes: 'app' },
  { name: 'GroupID', type: 'b32', version: 5 },
  { name: 'OpcodeBudget', type: 'i', version: 6 },
  { name: 'CallerApplicationID', type: 'i', version: 6, modes: 'app' },
  { name: 'CallerApplicationAddress', type: 'A', version: 6, modes: 'app' },
  { name: 'AssetCreateMinBalance', type: 'i', version: 10 },
  { name: 'AssetOptInMinBalance', type: 'i', version: 10 },
  { name: 'GenesisHash', type: 'b32', version: 10 },
  { name: 'PayoutsEnabled', type: 'T', version: INCENTIVE_VERSION },
  { name: 'PayoutsGoOnlineFee', type: 'i', version: INCENTIVE_VERSION },
  { name: 'PayoutsPercent', type: 'i', version: INCENTIVE_VERSION },
  { name: 'PayoutsMinBalance', type: 'i', version: INCENTIVE_VERSION },
  { name: 'PayoutsMaxBalance', type: 'i', version: INCENTIVE_VERSION },
])

// prettier-ignore
export const ASSET_HOLDING_FIELDS = fieldGroup('assetHolding', [
  { name: 'AssetBalance', type: 'i', version: 2 },
  { name: 'AssetFrozen', type: 'T', version: 2 },
])

// prettier-ignore
export const ASSET_PARAMS_FIELDS = fieldGroup('assetParams', [
  { name: 'AssetTotal', type: 'i', version: 2 },
  { name: 'AssetDecimals', type: 'i', version: 2 },
  { name: 'AssetDefaultFrozen', type: 'T', version: 2 },
  { name: 'AssetUnitName', type: 'b', version: 2 },
  { name: 'AssetName', type: 'b', version: 2 },
  { name: 'AssetURL', type: 'b', version: 2 },
  { name: 'AssetMetadataHash', type: 'b32', version: 2 },
  { name: 'AssetManager', type: 'A', version: 2 },
  { name: 'AssetReserve', type: 'A', version: 2 },
  { name: 'AssetFreeze', type: 'A', version: 2 },
  { name: 'AssetClawback', type: 'A', version: 2 },
  { name: 'AssetCreator', type: 'A', version: 5 },
])

// prettier-ignore
export const APP_PARAMS_FIELDS = fieldGroup('appParams', [
  { name: 'AppApprovalProgram', type: 'b', version: 5 },
  { name: 'AppClearStateProgram', type: 'b', version: 5 },
  { name: 'AppGlobalNumUint', type: 'i', version: 5 },
  { name: 'AppGlobalNumByteSlice', type: 'i', version: 5 },
  { name: 'AppLocalNumUint', type: 'i', version: 5 },
  { name: 'AppLocalNumByteSlice', type: 'i', version: 5 },
  { name: 'AppExtraProgramPages', type: 'i', version: 5 },
  { name: 'AppCreator', type: 'A', version: 5 },
  { name: 'AppAddress', type: 'A', version: 5 },
  { name: 'AppVersion', type: 'i', version: 12 },
])

// prettier-ignore
export const ACCT_PARAMS_FIELDS = fieldGroup('acctParams', [
  { name: 'AcctBalance', type: 'i', version: 6 },
  { name: 'AcctMinBalance', type: 'i', version: 6 },
  { name: 'AcctAuthAddr', type: 'A', version: 6 },
  { name: 'AcctTotalNumUint', type: 'i', version: 8 },
  { name: 'AcctTotalNumByteSlice', type: 'i', version: 8 },
  { name: 'AcctTotalExtraAppPages', type: 'i', version: 8 },
  { name: 'AcctTotalAppsCreated', type: 'i', version: 8 },
  { name: 'AcctTotalAppsOptedIn', type: 'i', version: 8 },
  { name: 'AcctTotalAssetsCreated', type: 'i', version: 8 },
  { name: 'AcctTotalAssets', type: 'i', version: 8 },
  { name: 'AcctTotalBoxes', type: 'i', version: BOX_VERSION },
  { name: 'AcctTotalBoxBytes', type: 'i', version: BOX_VERSION },
  { name: 'AcctIncentiveEligible', type: 'T', version: INCENTIVE_VERSION },
  { name: 'AcctLastProposed', type: 'i', version: INCENTIVE_VERSION },
  { name: 'AcctLastHeartbeat', type: 'i', version: INCENTIVE_VERSION },
])

// prettier-ignore
export const VOTER_PARAMS_FIELDS = fieldGroup('voterParams', [
  { name: 'VoterBalance', type: 'i', version: INCENTIVE_VERSION },
  { name: 'VoterIncentiveEligible', type: 'T', version: INCENTIVE_VERSION },
])

// prettier-ignore
export const BLOCK_FIELDS = fieldGroup('block', [
  { name: 'BlkSeed', type: 'b32', version: RANDOMNESS_VERSION },
  { name: 'BlkTimestamp', type: 'i', version: RANDOMNESS_VERSION },
  { name: 'BlkProposer', type: 'A', version: INCENTIVE_VERSION },
  { name: 'BlkFeesCollected', type: 'i', version: INCENTIVE_VERSION },
  { name: 'BlkBonus', type: 'i', version: INCENTIVE_VERSION },
  { name: 'BlkBranch', type: 'b32', version: INCENTIVE_VERSION },
  { name: 'BlkFeeSink', type: 'A', version: INCENTIVE_VERSION },
  { name: 'BlkProtocol', type: 'b', version: INCENTIVE_VERSION },
  { name: 'BlkTxnCounter', type: 'i', version: INCENTIVE_VERSION },
  { name: 'BlkProposerPayout', type: 'i', version: INCENTIVE_VERSION },
])

// prettier-ignore
export const ECDSA_CURVES = fieldGroup('ecdsa', [
  { name: 'Secp256k1', version: 5 },
  { name: 'Secp256r1', version: FIDO_VERSION },
])

// prettier-ignore
export const BASE64_ENCODINGS = fieldGroup('base64', [
  { name: 'URLEncoding', version: 6 },
  { name: 'StdEncoding', version: 6 },
])

// prettier-ignore
export const JSON_REF_TYPES = fieldGroup('jsonRef', [
  { name: 'JSONString', type: 'b', version: FIDO_VERSION },
  { name: 'JSONUint64', type: 'i', version: FIDO_VERSION },
  { name: 'JSONObject', type: 'b', version: FIDO_VERSION },
])

// prettier-ignore
export const VRF_STANDARDS = fieldGroup('vrf', [
  { name: 'VrfAlgorand', version: RANDOMNESS_VERSION },
])

// prettier-ignore
export const EC_GROUPS = fieldGroup('ecGroup', [
  { name: 'BN254g1', version: PAIRING_VERSION },
  { name: 'BN254g2', version: PAIRING_VERSION },
  { name: 'BLS12_381g1', version: PAIRING_VERSION },
  { name: 'BLS12_381g2', version: PAIRING_VERSION },
])

// prettier-ignore
export const MIMC_CONFIGS = fieldGroup('mimc', [
  { name: 'BN254Mp110', version: MIMC_VERSION },
  { name: 'BLS12_381Mp111', version: MIMC_VERSION },
])

/** Every field group by the name an opcode's immediate refers to. txn, txna and itxnField share
 * one table and differ in which of its fields they accept (scalar, array, settable). */
export const FIELD_GROUPS: Readonly<Record<FieldGroupName, FieldGroup>> = {
  txn: TXN_FIELDS,
  txna: TXN_FIELDS,
  itxnField: TXN_FIELDS,
  global: GLOBAL_FIELDS,
  assetHolding: ASSET_HOLDING_FIELDS,
  assetParams: ASSET_PARAMS_FIELDS,
  appParams: APP_PARAMS_FIELDS,
  acctParams: ACCT_PARAMS_FIELDS,
  voterParams: VOTER_PARAMS_FIELDS,
  block: BLOCK_FIELDS,
  ecdsa: ECDSA_CURVES,
  base64: BASE64_ENCODINGS,
  jsonRef: JSON_REF_TYPES,
  vrf: VRF_STANDARDS,
  ecGroup: EC_GROUPS,
  mimc: MIMC_CONFIGS,
}
