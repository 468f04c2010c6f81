/**
 * go-algorand data/transactions/verify/txn.go `TxnGroup`: each transaction well formed, the
 * group's ids consistent (`CheckTxnGroup`), exactly one kind of signature, ed25519 signatures and
 * multisigs valid for the transaction's authorizer (its `sgnr`, else its sender), logic sigs
 * sane, delegated ones signed, and every program approving (with the group's pooled budget).
 * Whether the authorizer is the right one for the account is the evaluator's check (group.ts).
 */
import {
  EvalParams,
  encodeTxnAndGroupless,
  evalSignature,
  programHash,
  type Ledger,
  type Txn,
} from '@unica/avm'
import algosdk from 'algosdk'
import type { ChainContext } from './context.js'
import type { ExecTracing } from './tracing.js'
import { BATCH_FAILED, ed25519Verify, multisigProblem } from './crypto.js'
import { LedgerError } from './errors.js'
import type { Ed25519Verifier, SignatureCheck } from './signature-pool.js'
import { base32, groupIdOf, signedBytes, txidOf } from './ids.js'
import { bytesEqual, isZero } from './keys.js'
import { toAvmTxn } from './txn.js'
import { decodeUvarint } from './uvarint.js'
import { wellFormed } from './well-formed.js'

/** A submitted transaction with everything computed once: its AVM form, id, signed bytes. */
export interface Prepared {
  readonly stxn: algosdk.SignedTransaction
  readonly txn: Txn
  readonly txid: Uint8Array
  readonly id: string
  /** "TX" || canonical msgpack: what a signature signs. */
  readonly signed: Uint8Array
  /** The signed transaction's canonical msgpack (as blocks and the block store keep it). */
  readonly encoded: Uint8Array
  readonly authorizer: Uint8Array
  readonly genesisId: string | undefined
  readonly genesisHash: Uint8Array | undefined
  /** For a grouped transaction, the id of its transaction without the group, if computed. */
  readonly grouplessTxid: Uint8Array | undefined
  /** Why the devnet cannot take this transaction at all, if it cannot. */
  readonly unsupported: string | undefined
}

const KEY_SGNR = Uint8Array.of(0xa4, 0x73, 0x67, 0x6e, 0x72)
const KEY_SIG = Uint8Array.of(0xa3, 0x73, 0x69, 0x67)
const KEY_TXN = Uint8Array.of(0xa3, 0x74, 0x78, 0x6e)

/**
 * The canonical msgpack of a signed transaction. The common shape, {sgnr?, sig, txn}, is laid
 * out directly around the transaction's own encoding (keys sorted, as algosdk and go write
 * them); anything else goes through algosdk.
 */
function encodeSigned(stxn: algosdk.SignedTransaction, txn: Uint8Array): Uint8Array {
  const { sig, sgnr } = stxn
  if (sig?.length !== 64 || isZero(sig) || stxn.msig !== undefined || stxn.lsig !== undefined) {
    return algosdk.encodeMsgpack(stxn)
  }
  const parts: Uint8Array[] = [Uint8Array.of(sgnr === undefined ? 0x82 : 0x83)]
  if (sgnr !== undefined) parts.push(KEY_SGNR, Uint8Array.of(0xc4, 32), sgnr.publicKey)
  parts.push(KEY_SIG, Uint8Array.of(0xc4, 64), sig, KEY_TXN, txn)
  return new Uint8Array(Buffer.concat(parts))
}

/** Transaction types whose every field a Txn holds, so that encodeTxn is exact. */
const FAST_TYPES = new Set(['pay', 'keyreg', 'acfg', 'axfer', 'afrz', 'appl'])

function encodeTxnOf(
  t: algosdk.Transaction,
  txn: Txn,
): { readonly full: Uint8Array; readonly groupless: Uint8Array | undefined } {
  const exact = FAST_TYPES.has(t.type) && (t.applicationCall?.access.length ?? 0) === 0
  return exact
    ? encodeTxnAndGroupless(txn, t.genesisID, t.genesisHash)
    : { full: algosdk.encodeMsgpack(t), groupless: undefined }
}

export function prepare(stxn: algosdk.SignedTransaction): Prepared {
  const t = stxn.txn
  const txn = toAvmTxn(t)
  const { full: encodedTxn, groupless } = encodeTxnOf(t, txn)
  const signed = signedBytes(encodedTxn)
  const txid = txidOf(signed)
  return {
    stxn,
    txn,
    txid,
    id: base32(txid),
    signed,
    encoded: encodeSigned(stxn, encodedTxn),
    grouplessTxid: groupless === undefined ? undefined : txidOf(signedBytes(groupless)),
    authorizer: stxn.sgnr?.publicKey ?? t.sender.publicKey,
    genesisId: t.genesisID,
    genesisHash: t.genesisHash,
    unsupported:
      (t.applicationCall?.access.length ?? 0) > 0
        ? 'tx.Access is not supported on this devnet: use the foreign arrays'
        : stxn.pqsig !== undefined || stxn.lsig?.pqsig !== undefined
          ? 'pq signature not enabled'
          : undefined,
  }
}

/** The id of `p`'s transaction with its group cleared (what a group id commits to). */
function grouplessId(p: Prepared): Uint8Array {
  if (p.grouplessTxid !== undefined) return p.grouplessTxid
  const t = p.stxn.txn
  const group = t.group
  t.group = undefined
  try {
    return txidOf(signedBytes(algosdk.encodeMsgpack(t)))
  } finally {
    t.group = group
  }
}

interface VerifyFailure {
  readonly message: string
  /** The transaction to blame, or -1 when it is the group's fault. */
  readonly index: number
}

/** go's checkTxnGroupID. */
function checkGroupIds(group: readonly Prepared[]): VerifyFailure | undefined {
  const gid = group[0].txn.group
  if (isZero(gid)) {
    if (group.length === 1) return undefined
    return {
      message: `transactionGroup: [0] had zero Group but was submitted in a group of ${group.length}`,
      index: 0,
    }
  }
  const hashes: Uint8Array[] = []
  for (const [i, p] of group.entries()) {
    if (!bytesEqual(p.txn.group, gid)) {
      return {
        message: `transactionGroup: inconsistent group values: ${base32(p.txn.group)} != ${base32(gid)}`,
        index: i,
      }
    }
    hashes.push(grouplessId(p))
  }
  const computed = groupIdOf(hashes)
  if (!bytesEqual(computed, gid)) {
    return {
      message: `transactionGroup: incomplete group: ${base32(gid)} != ${base32(computed)} ({_struct:{} TxGroupHashes:[${hashes.map(base32).join(' ')}]})`,
      index: -1,
    }
  }
  return undefined
}

const PROGRAM = new TextEncoder().encode('Program')
const MSIG_PROGRAM = new TextEncoder().encode('MsigProgram')
const concat = (...parts: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(parts))

function hasSig(s: Uint8Array | undefined): boolean {
  return s !== undefined && !isZero(s)
}

export interface VerifyOptions {
  /** simulate's allow-empty-signatures: a transaction with no signature at all passes. */
  readonly allowEmptySignatures?: boolean
  /** How an ed25519 signature is checked (answers the signature pool gave, see submitAsync). */
  readonly ed25519?: Ed25519Verifier
  /** simulate's exec trace of logic signatures. */
  readonly tracing?: ExecTracing
}

/**
 * The ed25519 checks of a group that can be made before the ledger rules run (they depend on
 * nothing but bytes): each plain signature and each multisig subsignature, under the key the
 * rules will check it against, over the bytes they will check. Logic-sig delegations are left to
 * the rules. Keys or signatures of the wrong length are left out (the rules refuse them).
 */
export function signatureChecks(group: readonly Prepared[]): SignatureCheck[] {
  const checks: SignatureCheck[] = []
  const add = (pk: Uint8Array, message: Uint8Array, sig: Uint8Array | undefined) => {
    if (pk.length === 32 && sig?.length === 64) checks.push({ pk, message, sig })
  }
  for (const p of group) {
    const { sig, msig, lsig } = p.stxn
    if (lsig !== undefined) continue
    if (hasSig(sig)) add(p.authorizer, p.signed, sig)
    for (const s of msig?.subsig ?? []) if (hasSig(s.s)) add(s.pk, p.signed, s.s)
  }
  return checks
}

export interface VerifyResult {
  readonly failure: VerifyFailure | undefined
  /** Logic-sig cost of each transaction (0 without one). */
  readonly lsigCosts: readonly number[]
}

/** Checks a logic sig; returns the error text, or undefined; `bad` notes a failed signature. */
function checkLogicSig(
  ep: EvalParams,
  gi: number,
  p: Prepared,
  lsigCosts: number[],
  bad: { failed: boolean },
  ed25519: Ed25519Verifier,
  tracing: ExecTracing | undefined,
): string | undefined {
  const lsig = p.stxn.lsig!
  const proto = ep.proto
  const version = decodeUvarint(lsig.logic)
  if (version === undefined) return 'LogicSig.Logic bad version'
  if (version.value > BigInt(proto.logicSigVersion)) return 'LogicSig.Logic version too new'
  if (lsig.logic.length > 16_000) return 'LogicSig.Logic too long. max size is 16000 bytes'
  const sigs = [hasSig(lsig.sig), lsig.msig !== undefined, lsig.lmsig !== undefined]
  const count = sigs.filter(Boolean).length
  if (count > 1) return 'LogicSig should have only one type of delegation signature'
  if (count === 0) {
    if (!bytesEqual(p.authorizer, programHash(lsig.logic))) {
      return 'LogicNot signed and not a Logic-only account'
    }
  } else if (lsig.msig !== undefined) {
    return 'LogicSig Msig field not supported in this consensus version'
  } else if (lsig.lmsig !== undefined) {
    const message = concat(MSIG_PROGRAM, p.authorizer, lsig.logic)
    const problem = multisigProblem(lsig.lmsig, p.authorizer, message, ed25519)
    if (problem === BATCH_FAILED) bad.failed = true
    else if (problem !== undefined) return `logic multisig validation failed: ${problem}`
  } else if (!ed25519(p.authorizer, concat(PROGRAM, lsig.logic), lsig.sig!)) {
    bad.failed = true
  }
  ep.tracer = tracing?.logicSig(gi, lsig.logic)
  const r = evalSignature(ep, gi)
  ep.tracer = undefined
  lsigCosts[gi] = r.cost
  if (r.error) {
    return `transaction ${p.id}: rejected by logic err=${r.error.message}. Details: pc=${r.error.pc}`
  }
  if (!r.pass) return `transaction ${p.id}: rejected by logic`
  return undefined
}

export function verifyGroup(
  group: readonly Prepared[],
  ctx: ChainContext,
  ledger: Ledger,
  options: VerifyOptions = {},
): VerifyResult {
  const lsigCosts = group.map(() => 0)
  const invalid = (p: Prepared, index: number, message: string): VerifyResult => ({
    failure: { message: `transaction ${p.id} invalid : ${message}`, index },
    lsigCosts,
  })
  for (const [i, p] of group.entries()) {
    if (p.unsupported !== undefined) return invalid(p, i, p.unsupported)
    try {
      wellFormed(p.txn, ctx.specials, ctx.proto)
    } catch (e) {
      if (!(e instanceof LedgerError)) throw e
      return invalid(p, i, e.message)
    }
  }
  const groupProblem = checkGroupIds(group)
  if (groupProblem) return { failure: groupProblem, lsigCosts }

  // Logic sigs of the group share one EvalParams (and so the pooled budget); made only if needed.
  let sigParams: EvalParams | undefined
  const params = (): EvalParams =>
    (sigParams ??= new EvalParams({
      group: group.map((p) => ({
        txn: p.txn,
        txid: p.txid,
        ...(p.stxn.lsig ? { lsig: { program: p.stxn.lsig.logic, args: p.stxn.lsig.args } } : {}),
      })),
      proto: ctx.proto,
      ledger,
    }))
  const ed25519 = options.ed25519 ?? ed25519Verify
  const bad = { failed: false }
  let lsigBytes = 0
  for (const [i, p] of group.entries()) {
    const { sig, msig, lsig } = p.stxn
    const kinds = [hasSig(sig), msig !== undefined, lsig !== undefined && lsig.logic.length > 0]
    const count = kinds.filter(Boolean).length
    if (count === 0) {
      if (options.allowEmptySignatures) continue
      return invalid(p, i, 'signedtxn has no sig')
    }
    if (count > 1) return invalid(p, i, 'signedtxn should have only one type of signature')
    if (kinds[0]) {
      if (!ed25519(p.authorizer, p.signed, sig!)) bad.failed = true
    } else if (kinds[1]) {
      const problem = multisigProblem(msig!, p.authorizer, p.signed, ed25519)
      if (problem === BATCH_FAILED) bad.failed = true
      else if (problem !== undefined) return invalid(p, i, `multisig validation failed: ${problem}`)
    } else {
      const problem = checkLogicSig(params(), i, p, lsigCosts, bad, ed25519, options.tracing)
      if (problem !== undefined) return invalid(p, i, problem)
      lsigBytes += lsig!.logic.length + lsig!.args.reduce((n, a) => n + a.length, 0)
    }
  }
  const pool = group.length * ctx.proto.logicSigMaxSize
  if (lsigBytes > pool) {
    const message = `txgroup had ${lsigBytes} bytes of LogicSigs, more than the available pool of ${pool} bytes`
    return { failure: { message, index: -1 }, lsigCosts }
  }
  if (bad.failed) return { failure: { message: BATCH_FAILED, index: -1 }, lsigCosts }
  return { failure: undefined, lsigCosts }
}
