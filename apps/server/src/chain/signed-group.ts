/**
 * What send_tx accepts: one complete signed group, as the contracts package builds it for a trade,
 * whose app call names the declared operation. Everything here is a pure check of the bytes; the
 * route then checks that the app is one of our managers. Decoding comes first and apart from
 * reading: the group names its app, and the protocol of that app's contract version reads it.
 */
import algosdk from 'algosdk'
import {
  CURRENT_VERSION,
  SignedGroupError as GroupError,
  hasOperation,
  readSignedGroup,
  type ContractVersion,
  type SignedReading,
} from '@unica/contracts'
import type { SendOperation } from '@unica/schemas'
import { TxGroupError, splitTxGroup } from '@unica/txgroup'

export { GroupError }

/** Far above any trade group (a few hundred bytes each); bounds what we store per request. */
const MAX_BLOB_BYTES = 16 * 1024

type Operation = SendOperation

export interface ParsedGroup {
  readonly operation: Operation
  /** Each signed transaction's bytes, in order (their concatenation is what algod takes). */
  readonly signed: readonly Uint8Array[]
  readonly appId: bigint
  readonly sender: string
  /** The app call's transaction id: the operation's identity. */
  readonly txId: string
  /** base64 group id, null for a single transaction. */
  readonly groupId: string | null
  /** The amount the signer agreed to (args[1]): ask price, new bid, price paid, bid accepted. */
  readonly value: bigint
  readonly firstValid: bigint
  readonly lastValid: bigint
  readonly genesisHash: string
  /** The variant, terms and roles @unica/contracts read the group as. */
  readonly reading: SignedReading
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

function decodeBase64(blob: string): Uint8Array {
  const compact = blob.replace(/\s+/g, '')
  if (compact.length === 0) throw new GroupError('blob', 'This field may not be blank.')
  if (!BASE64.test(compact) || compact.length % 4 === 1) {
    throw new GroupError('blob', 'Not valid base64.')
  }
  if ((compact.length * 3) / 4 > MAX_BLOB_BYTES + 3) {
    throw new GroupError('blob', `A signed group is at most ${MAX_BLOB_BYTES} bytes.`)
  }
  return new Uint8Array(Buffer.from(compact, 'base64'))
}

function decodeEach(bytes: Uint8Array): {
  parts: Uint8Array[]
  stxns: algosdk.SignedTransaction[]
} {
  let parts: Uint8Array[]
  try {
    parts = splitTxGroup(bytes)
  } catch (e) {
    const why = e instanceof TxGroupError ? e.message : 'unreadable'
    throw new GroupError('blob', `Not a signed transaction group (${why}).`)
  }
  const stxns = parts.map((part, i) => {
    try {
      return algosdk.decodeSignedTransaction(part)
    } catch {
      throw new GroupError('blob', `Transaction ${i} is not a signed transaction.`)
    }
  })
  return { parts, stxns }
}

function isSigned(s: algosdk.SignedTransaction): boolean {
  return s.sig !== undefined || s.msig !== undefined || s.lsig !== undefined
}

const same = (a: Uint8Array | undefined, b: Uint8Array | undefined): boolean =>
  a !== undefined && b !== undefined && Buffer.compare(a, b) === 0

/** The id of a group is computed over its members with their group field cleared (as go does). */
function withoutGroup(t: algosdk.Transaction): algosdk.Transaction {
  const data = t.toEncodingData()
  data.delete('grp')
  return algosdk.Transaction.fromEncodingData(data)
}

/** The group's own consistency: ids, signatures, one network (the reader checks the sender). */
function checkGroup(stxns: algosdk.SignedTransaction[]): void {
  const txns = stxns.map((s) => s.txn)
  stxns.forEach((s, i) => {
    if (!isSigned(s)) throw new GroupError('blob', `Transaction ${i} is not signed.`)
  })
  // Every member carries the id of exactly this set of transactions (a lone transaction may carry
  // none); a missing member or a foreign one changes the id, so an incomplete group is refused.
  const expected = algosdk.computeGroupID(txns.map(withoutGroup))
  txns.forEach((t, i) => {
    const lone = txns.length === 1 && (t.group === undefined || t.group.every((b) => b === 0))
    if (!lone && !same(t.group, expected)) {
      throw new GroupError('blob', `Transaction ${i} does not carry the group's id.`)
    }
  })
  const first = txns[0]
  for (const [i, t] of txns.entries()) {
    if (!same(t.genesisHash, first.genesisHash)) {
      throw new GroupError('blob', `Transaction ${i} is for another network.`)
    }
  }
}

/** A signed group decoded and consistent in itself, not yet read as an operation. */
export interface DecodedGroup {
  readonly parts: readonly Uint8Array[]
  readonly txns: readonly algosdk.Transaction[]
  /** The app the last transaction calls (0 when it calls none): its version reads the group. */
  readonly calledApp: bigint
}

/** Decodes a base64 blob and checks the group's own consistency. Throws GroupError. */
export function decodeSignedGroup(blob: string): DecodedGroup {
  const { parts, stxns } = decodeEach(decodeBase64(blob))
  checkGroup(stxns)
  const txns = stxns.map((s) => s.txn)
  return { parts, txns, calledApp: txns[txns.length - 1].applicationCall?.appIndex ?? 0n }
}

/** Reads a decoded group as the declared operation of contract `version`. Throws GroupError. */
export function readDecodedGroup(
  group: DecodedGroup,
  operation: Operation,
  version: ContractVersion = CURRENT_VERSION,
): ParsedGroup {
  const { parts, txns } = group
  // An auction call on a manager without auctions (v1, v2) is no group that app can take.
  if (!hasOperation(operation, version)) {
    throw new GroupError('operation', `This contract (v${String(version)}) has no ${operation}.`)
  }
  const reading = readSignedGroup(txns, operation, version)
  const call = txns[txns.length - 1]
  return {
    operation,
    signed: parts,
    appId: reading.appId,
    sender: call.sender.toString(),
    txId: call.txID(),
    groupId: txns.length === 1 ? null : Buffer.from(call.group ?? []).toString('base64'),
    value: reading.terms.amount ?? 0n,
    firstValid: call.firstValid,
    lastValid: call.lastValid,
    genesisHash: Buffer.from(call.genesisHash ?? new Uint8Array()).toString('base64'),
    reading,
  }
}
