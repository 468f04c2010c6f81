/**
 * The transaction as the AVM sees it: every field a program can read with txn/gtxn/itxn, in
 * plain values (32-byte addresses, bigint amounts). The devnet converts its transactions to this
 * shape; inner transactions are built in it. Absent fields hold Algorand's zero values.
 */
import type { StackValue } from './eval/value.js'

export type TxnType = 'pay' | 'keyreg' | 'acfg' | 'axfer' | 'afrz' | 'appl' | 'stpf' | 'hb'

/** TypeEnum values, as the named int constants `pay`, `keyreg`, ... (go-algorand txnTypeMap). */
export const TXN_TYPE_ENUM: Readonly<Record<TxnType, bigint>> = {
  pay: 1n,
  keyreg: 2n,
  acfg: 3n,
  axfer: 4n,
  afrz: 5n,
  appl: 6n,
  stpf: 7n,
  hb: 8n,
}

/** OnCompletion values (NoOp, OptIn, CloseOut, ClearState, UpdateApplication, DeleteApplication). */
export const ON_COMPLETION = {
  NoOp: 0n,
  OptIn: 1n,
  CloseOut: 2n,
  ClearState: 3n,
  UpdateApplication: 4n,
  DeleteApplication: 5n,
} as const

export interface BoxRef {
  /** 0 for the called app, else a 1-based index into foreignApps. */
  readonly index: number
  readonly name: Uint8Array
}

/** The participation keys a keyreg registers, and an online account then holds (go's VotingData). */
export interface ParticipationKeys {
  readonly votePk: Uint8Array
  readonly selectionPk: Uint8Array
  /** 64 bytes (merklesignature.Commitment). */
  readonly stateProofPk: Uint8Array
  readonly voteFirst: bigint
  readonly voteLast: bigint
  readonly voteKeyDilution: bigint
}

/** The programs and schemas an app create carries, and the created app then keeps. */
export interface AppProgramsAndSchemas {
  readonly approvalProgram: Uint8Array
  readonly clearStateProgram: Uint8Array
  readonly globalNumUint: bigint
  readonly globalNumByteSlice: bigint
  readonly localNumUint: bigint
  readonly localNumByteSlice: bigint
  readonly extraProgramPages: bigint
}

/** Its keyreg fields are ParticipationKeys; its app create fields are AppProgramsAndSchemas. */
export interface Txn extends ParticipationKeys, AppProgramsAndSchemas {
  readonly type: TxnType
  readonly sender: Uint8Array
  readonly fee: bigint
  readonly firstValid: bigint
  /** UNIX time of the block before firstValid, when the host knows it. */
  readonly firstValidTime?: bigint
  readonly lastValid: bigint
  readonly note: Uint8Array
  readonly lease: Uint8Array
  readonly rekeyTo: Uint8Array
  readonly group: Uint8Array
  // pay
  readonly receiver: Uint8Array
  readonly amount: bigint
  readonly closeRemainderTo: Uint8Array
  // keyreg (with ParticipationKeys)
  readonly nonparticipation: boolean
  // axfer
  readonly xferAsset: bigint
  readonly assetAmount: bigint
  readonly assetSender: Uint8Array
  readonly assetReceiver: Uint8Array
  readonly assetCloseTo: Uint8Array
  // acfg
  readonly configAsset: bigint
  readonly configAssetTotal: bigint
  readonly configAssetDecimals: bigint
  readonly configAssetDefaultFrozen: boolean
  readonly configAssetUnitName: Uint8Array
  readonly configAssetName: Uint8Array
  readonly configAssetUrl: Uint8Array
  readonly configAssetMetadataHash: Uint8Array
  readonly configAssetManager: Uint8Array
  readonly configAssetReserve: Uint8Array
  readonly configAssetFreeze: Uint8Array
  readonly configAssetClawback: Uint8Array
  // afrz
  readonly freezeAsset: bigint
  readonly freezeAssetAccount: Uint8Array
  readonly freezeAssetFrozen: boolean
  // appl (with AppProgramsAndSchemas)
  readonly applicationId: bigint
  readonly onCompletion: bigint
  readonly applicationArgs: readonly Uint8Array[]
  readonly accounts: readonly Uint8Array[]
  readonly foreignApps: readonly bigint[]
  readonly foreignAssets: readonly bigint[]
  readonly boxes: readonly BoxRef[]
  readonly rejectVersion: bigint
}

export const ZERO_ADDRESS: Uint8Array = new Uint8Array(32)

/** A transaction with Algorand's zero value in every field not given. */
export function makeTxn(fields: Partial<Txn> & Pick<Txn, 'type' | 'sender'>): Txn {
  const z = ZERO_ADDRESS
  const empty = new Uint8Array(0)
  return {
    fee: 0n,
    firstValid: 0n,
    lastValid: 0n,
    note: empty,
    lease: z,
    rekeyTo: z,
    group: z,
    receiver: z,
    amount: 0n,
    closeRemainderTo: z,
    votePk: z,
    selectionPk: z,
    stateProofPk: new Uint8Array(64),
    voteFirst: 0n,
    voteLast: 0n,
    voteKeyDilution: 0n,
    nonparticipation: false,
    xferAsset: 0n,
    assetAmount: 0n,
    assetSender: z,
    assetReceiver: z,
    assetCloseTo: z,
    configAsset: 0n,
    configAssetTotal: 0n,
    configAssetDecimals: 0n,
    configAssetDefaultFrozen: false,
    configAssetUnitName: empty,
    configAssetName: empty,
    configAssetUrl: empty,
    configAssetMetadataHash: z,
    configAssetManager: z,
    configAssetReserve: z,
    configAssetFreeze: z,
    configAssetClawback: z,
    freezeAsset: 0n,
    freezeAssetAccount: z,
    freezeAssetFrozen: false,
    applicationId: 0n,
    onCompletion: 0n,
    applicationArgs: [],
    accounts: [],
    foreignApps: [],
    foreignAssets: [],
    boxes: [],
    approvalProgram: empty,
    clearStateProgram: empty,
    globalNumUint: 0n,
    globalNumByteSlice: 0n,
    localNumUint: 0n,
    localNumByteSlice: 0n,
    extraProgramPages: 0n,
    rejectVersion: 0n,
    ...fields,
  }
}

/** What an executed transaction left behind that later programs may read (itxn, gitxn, gaid). */
export interface TxnEffects {
  readonly logs: readonly Uint8Array[]
  readonly createdAssetId: bigint
  readonly createdApplicationId: bigint
}

export const NO_EFFECTS: TxnEffects = { logs: [], createdAssetId: 0n, createdApplicationId: 0n }

/** A value as stored in app state: the AVM's two kinds. */
export type StateValue = StackValue
