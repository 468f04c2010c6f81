/**
 * Reading one field of one transaction, as the txn family of opcodes sees it (go-algorand's
 * `fetchField` and `txnFieldToStack`). Shared by txn/gtxn/gtxns/... (ops/txn-fields.ts) and by
 * itxn/gitxn (ops/inner.ts); it knows nothing of EvalContext.
 *
 * API
 * - `txnFieldSpecFor(fieldByte, version, expectArray)`: the TXN_FIELDS spec an immediate selects,
 *   or fails `invalid txn field F` (unknown, newer than `version`, or an array field read by a
 *   scalar op) / `unsupported array field F` (a scalar field read by an array op).
 * - `txnFieldValue(read, spec, arrayIndex, env)`: the StackValue of that field of `read.txn`.
 *   `read` gives the transaction, its raw 32-byte txid, its index in its group and its effects
 *   (logs, created ids; absent = none). `arrayIndex` is the index for array fields (ignored
 *   otherwise). `env` gives the reading program's version and mode, whether the read is of an
 *   inner transaction (itxn/gitxn: true), and `blockTime(round)` for FirstValidTime. It fails
 *   with go-algorand's messages: effects fields in sig mode, effects of top-level transactions
 *   before v6, GroupIndex/TxID of inner transactions before v6, array indexes out of range.
 *   It does NOT check the "effects only from past transactions" rule of the group forms, nor
 *   the group index: those depend on where the transaction comes from.
 * - `ledgerBlockTime(ledger, current, maxTxnLife)`: a `blockTime` reading the ledger's block
 *   headers, limited (as go-algorand's `availableRound`) by the validity range of `current`, the
 *   transaction whose program is running.
 * - `availableRound(current, maxTxnLife, round)`, `blockHeaderAt(ledger, round)`: the same rule
 *   and lookup, for the `block` opcode.
 */
import type { BlockHeader, Ledger } from '../ledger.js'
import { TXN_FIELDS, type TxnFieldSpec } from '../spec/fields.js'
import { MAX_STRING_SIZE } from '../spec/types.js'
import { INNER_APPS_VERSION } from '../spec/versions.js'
import { TXN_TYPE_ENUM, type Txn, type TxnEffects } from '../txn.js'
import { fail } from './errors.js'
import { boolToUint, MAX_UINT64, type StackValue } from './value.js'

export interface TxnRead {
  readonly txn: Txn
  /** Raw 32-byte transaction id. */
  readonly txid: Uint8Array
  /** Position of the transaction in its (outer or inner) group. */
  readonly groupIndex: number
  /** What the transaction left behind, once it ran; absent means no logs and nothing created. */
  readonly effects?: TxnEffects
}

export interface TxnReadEnv {
  /** Version of the reading program. */
  readonly version: number
  readonly mode: 'sig' | 'app'
  /** True when reading a transaction of the last inner group (itxn, gitxn, ...). */
  readonly inner: boolean
  /** Timestamp of block `round` (FirstValidTime); fails when the block is not available. */
  readonly blockTime: (round: bigint) => bigint
}

/** go's stringer names: known fields by name, one past the last as `invalidTxnField`. */
export function txnFieldName(field: number): string {
  const fs = TXN_FIELDS.fields.at(field)
  if (fs) return fs.name
  return field === TXN_FIELDS.fields.length ? 'invalidTxnField' : `TxnField(${field})`
}

export function txnFieldSpecFor(
  field: number,
  version: number,
  expectArray: boolean,
): TxnFieldSpec {
  const fs = TXN_FIELDS.fields.at(field)
  if (fs === undefined || fs.version > version) fail(`invalid txn field ${txnFieldName(field)}`)
  if (fs.array !== expectArray) {
    fail(expectArray ? `unsupported array field ${fs.name}` : `invalid txn field ${fs.name}`)
  }
  return fs
}

const EMPTY = new Uint8Array(0)
const PAGE = BigInt(MAX_STRING_SIZE)
const encoder = new TextEncoder()

/** Element `i` of `items`, or go-algorand's `invalid F index N` (N: the index the program used). */
function element<T>(items: readonly T[], i: bigint, field: string, shown = i): T {
  const item = i < BigInt(items.length) ? items.at(Number(i)) : undefined
  return item ?? fail(`invalid ${field} index ${shown}`)
}

/** Like `element`, but index 0 names `zeroth` and 1.. the items (Accounts, Applications). */
function elementOrSelf<T>(zeroth: T, items: readonly T[], i: bigint, field: string): T {
  return i === 0n ? zeroth : element(items, i - 1n, field, i)
}

function pageCount(program: Uint8Array): bigint {
  return (BigInt(program.length) + PAGE - 1n) / PAGE
}

/** 4096-byte page `i` of a program (the last page may be shorter). */
function page(program: Uint8Array, i: bigint, field: string): Uint8Array {
  if (i >= pageCount(program)) fail(`invalid ${field} index ${i}`)
  const first = Number(i * PAGE)
  return program.subarray(first, Math.min(first + MAX_STRING_SIZE, program.length))
}

/** Fields read straight off the transaction. */
const PLAIN: Readonly<Partial<Record<string, (t: Txn) => StackValue>>> = {
  Sender: (t) => t.sender,
  Fee: (t) => t.fee,
  FirstValid: (t) => t.firstValid,
  LastValid: (t) => t.lastValid,
  Note: (t) => t.note,
  Lease: (t) => t.lease,
  Receiver: (t) => t.receiver,
  Amount: (t) => t.amount,
  CloseRemainderTo: (t) => t.closeRemainderTo,
  VotePK: (t) => t.votePk,
  SelectionPK: (t) => t.selectionPk,
  StateProofPK: (t) => t.stateProofPk,
  VoteFirst: (t) => t.voteFirst,
  VoteLast: (t) => t.voteLast,
  VoteKeyDilution: (t) => t.voteKeyDilution,
  Nonparticipation: (t) => boolToUint(t.nonparticipation),
  Type: (t) => encoder.encode(t.type),
  TypeEnum: (t) => TXN_TYPE_ENUM[t.type],
  XferAsset: (t) => t.xferAsset,
  AssetAmount: (t) => t.assetAmount,
  AssetSender: (t) => t.assetSender,
  AssetReceiver: (t) => t.assetReceiver,
  AssetCloseTo: (t) => t.assetCloseTo,
  ApplicationID: (t) => t.applicationId,
  OnCompletion: (t) => t.onCompletion,
  RejectVersion: (t) => t.rejectVersion,
  NumAppArgs: (t) => BigInt(t.applicationArgs.length),
  NumAccounts: (t) => BigInt(t.accounts.length),
  NumAssets: (t) => BigInt(t.foreignAssets.length),
  NumApplications: (t) => BigInt(t.foreignApps.length),
  GlobalNumUint: (t) => t.globalNumUint,
  GlobalNumByteSlice: (t) => t.globalNumByteSlice,
  LocalNumUint: (t) => t.localNumUint,
  LocalNumByteSlice: (t) => t.localNumByteSlice,
  ApprovalProgram: (t) => t.approvalProgram,
  ClearStateProgram: (t) => t.clearStateProgram,
  NumApprovalProgramPages: (t) => pageCount(t.approvalProgram),
  NumClearStateProgramPages: (t) => pageCount(t.clearStateProgram),
  RekeyTo: (t) => t.rekeyTo,
  ConfigAsset: (t) => t.configAsset,
  ConfigAssetTotal: (t) => t.configAssetTotal,
  ConfigAssetDecimals: (t) => t.configAssetDecimals,
  ConfigAssetDefaultFrozen: (t) => boolToUint(t.configAssetDefaultFrozen),
  ConfigAssetUnitName: (t) => t.configAssetUnitName,
  ConfigAssetName: (t) => t.configAssetName,
  ConfigAssetURL: (t) => t.configAssetUrl,
  ConfigAssetMetadataHash: (t) => t.configAssetMetadataHash,
  ConfigAssetManager: (t) => t.configAssetManager,
  ConfigAssetReserve: (t) => t.configAssetReserve,
  ConfigAssetFreeze: (t) => t.configAssetFreeze,
  ConfigAssetClawback: (t) => t.configAssetClawback,
  FreezeAsset: (t) => t.freezeAsset,
  FreezeAssetAccount: (t) => t.freezeAssetAccount,
  FreezeAssetFrozen: (t) => boolToUint(t.freezeAssetFrozen),
  ExtraProgramPages: (t) => t.extraProgramPages,
}

const NO_EFFECTS: TxnEffects = { logs: [], createdAssetId: 0n, createdApplicationId: 0n }

export function txnFieldValue(
  read: TxnRead,
  fs: TxnFieldSpec,
  arrayIndex: bigint,
  env: TxnReadEnv,
): StackValue {
  if (fs.effect) {
    if (env.mode === 'sig') fail(`txn[${fs.name}] not allowed in current mode`)
    // Before v6 only inner transactions (itxn) had readable effects.
    if (env.version < INNER_APPS_VERSION && !env.inner) {
      fail('Unable to obtain effects from top-level transactions')
    }
  }
  // Before inner app calls there were no inner groups, so no inner index or id to speak of.
  if (
    env.inner &&
    env.version < INNER_APPS_VERSION &&
    (fs.name === 'GroupIndex' || fs.name === 'TxID')
  ) {
    fail(`illegal field for inner transaction ${fs.name}`)
  }
  const t = read.txn
  const plain = PLAIN[fs.name]
  if (plain) return plain(t)
  const effects = read.effects ?? NO_EFFECTS
  switch (fs.name) {
    case 'GroupIndex':
      return BigInt(read.groupIndex)
    case 'TxID':
      return read.txid
    case 'FirstValidTime':
      // FirstValid 0 asks for round 2^64-1, which is never available (uint64 wraparound).
      return env.blockTime((t.firstValid - 1n) & MAX_UINT64)
    case 'ApplicationArgs':
      return element(t.applicationArgs, arrayIndex, fs.name)
    case 'Accounts':
      return elementOrSelf(t.sender, t.accounts, arrayIndex, fs.name)
    case 'Assets':
      return element(t.foreignAssets, arrayIndex, fs.name)
    case 'Applications':
      return elementOrSelf(t.applicationId, t.foreignApps, arrayIndex, fs.name)
    case 'ApprovalProgramPages':
      return page(t.approvalProgram, arrayIndex, fs.name)
    case 'ClearStateProgramPages':
      return page(t.clearStateProgram, arrayIndex, fs.name)
    case 'Logs':
      return element(effects.logs, arrayIndex, fs.name)
    case 'NumLogs':
      return BigInt(effects.logs.length)
    case 'LastLog':
      return effects.logs.at(-1) ?? EMPTY
    case 'CreatedAssetID':
      return effects.createdAssetId
    case 'CreatedApplicationID':
      return effects.createdApplicationId
    default:
      return fail(`invalid txn field ${fs.name}`)
  }
}

/**
 * go-algorand's `availableRound`: a program may look at the blocks a transaction valid in
 * [FirstValid, LastValid] could always see: from LastValid - MaxTxnLife - 1 (at least 1, round
 * 0 never counts) to FirstValid - 1. All arithmetic is uint64 with wraparound, like Go's.
 */
export function availableRound(current: Txn, maxTxnLife: bigint, round: bigint): bigint {
  const lv = current.lastValid
  const fv = current.firstValid
  let firstAvail = (lv - maxTxnLife - 1n) & MAX_UINT64
  if (firstAvail > lv || firstAvail === 0n) firstAvail = 1n
  let lastAvail = (fv - 1n) & MAX_UINT64
  if (lastAvail > fv) lastAvail = 0n
  if (firstAvail > round || round > lastAvail) {
    fail(`round ${round} is not available. It's outside [${firstAvail}-${lastAvail}]`)
  }
  return round
}

/** The header of an available round; a ledger without it fails as go-algorand's ledger does. */
export function blockHeaderAt(ledger: Ledger | undefined, round: bigint): BlockHeader {
  if (ledger === undefined) fail(`no ledger to read block ${round} from`)
  const hdr = ledger.blockHeader(round)
  if (hdr === undefined) {
    const latest = ledger.round() - 1n
    fail(`ledger does not have entry ${round} (latest ${latest}, committed ${latest})`)
  }
  return hdr
}

/** The `blockTime` for FirstValidTime reads by a program running for transaction `current`. */
export function ledgerBlockTime(
  ledger: Ledger | undefined,
  current: Txn,
  maxTxnLife: bigint,
): (round: bigint) => bigint {
  return (round) => {
    const hdr = blockHeaderAt(ledger, availableRound(current, maxTxnLife, round))
    if (hdr.timestamp < 0n) fail(`block(${round}) timestamp ${hdr.timestamp} < 0`)
    return hdr.timestamp
  }
}
