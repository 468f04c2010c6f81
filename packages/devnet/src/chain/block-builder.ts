/**
 * The block being built: groups applied, in order, on one overlay of the committed state (go's
 * BlockEvaluator), then turned into an algosdk Block whose header links to the previous one and
 * whose payset carries each transaction's apply data, encoded as go's `EncodeSignedTxn` does
 * (genesis id and hash dropped from each transaction, `hgi`/`hgh` set instead).
 */
import {
  MsgpackWriter,
  fixed,
  flag,
  slice,
  text,
  uint,
  type BlockHeader as AvmBlockHeader,
  type Entry,
} from '@unica/avm'
import algosdk from 'algosdk'
import type { ApplyResult } from '../ledger/apply/index.js'
import type { CommittedState } from '../ledger/committed.js'
import type { ChainContext } from '../ledger/context.js'
import { applyGroup } from '../ledger/group.js'
import { Overlay } from '../ledger/overlay.js'
import { verifyGroup, type Prepared } from '../ledger/verify.js'
import { AvmHost } from '../ledger/avm-host.js'
import type { Ed25519Verifier } from '../ledger/signature-pool.js'
import { Balances } from '../ledger/apply/index.js'
import { addrKey } from '../ledger/keys.js'
import { hash as digest } from 'node:crypto'

export interface BuiltGroup {
  readonly prepared: readonly Prepared[]
  readonly results: readonly ApplyResult[]
}

export type AddResult = { readonly ok: true } | { readonly ok: false; readonly message: string }

/** A ledger for logic-sig evaluation, which reads nothing but the chain's constants. */
export function sigLedger(ov: Overlay, ctx: ChainContext): AvmHost {
  const specials = {
    feeSink: addrKey(ctx.specials.feeSink),
    rewardsPool: addrKey(ctx.specials.rewardsPool),
  }
  return new AvmHost(new Balances(ov, ctx.proto, specials, ctx.round), ctx)
}

export class BlockBuilder {
  readonly overlay: Overlay
  readonly groups: BuiltGroup[] = []

  constructor(
    state: CommittedState,
    readonly ctx: ChainContext,
  ) {
    this.overlay = new Overlay(state)
  }

  get round(): bigint {
    return this.ctx.round
  }

  /**
   * Verifies (unless replaying what was verified before) and applies a group. A verification
   * failure is algod's pre-pool error; an evaluation failure is the pool's ("TransactionPool.
   * Remember: ..."). Either way the block is left as it was. `ed25519` checks signatures
   * (by default ed25519Verify; submitAsync passes the signature pool's answers).
   */
  add(prepared: readonly Prepared[], verify: boolean, ed25519?: Ed25519Verifier): AddResult {
    if (verify) {
      const ledger = sigLedger(this.overlay, this.ctx)
      const v = verifyGroup(prepared, this.ctx, ledger, ed25519 === undefined ? {} : { ed25519 })
      if (v.failure) return { ok: false, message: v.failure.message }
    }
    const outcome = applyGroup(this.overlay, prepared, this.ctx)
    if (!outcome.ok) return { ok: false, message: `TransactionPool.Remember: ${outcome.message}` }
    this.groups.push({ prepared, results: outcome.results })
    return { ok: true }
  }
}

const BH = new TextEncoder().encode('BH')

const utf8 = new TextEncoder()

type Field = readonly [key: string, value: (h: algosdk.BlockHeader) => Entry[1]]

const str = (s: string) => text(utf8.encode(s))

/**
 * Every header field, keys sorted. Those of the objects makeHeader shares between the blocks of a
 * chain (reward and upgrade state, vote, proposer, commitments) and the genesis fields are
 * "shared": their encoding is kept from one header to the next while those objects stay the same.
 */
const SHARED: readonly Field[] = [
  ['earn', (h) => uint(h.rewardState.rewardsLevel)],
  ['fees', (h) => fixed(h.rewardState.feeSink.publicKey)],
  ['frac', (h) => uint(h.rewardState.rewardsResidue)],
  ['gen', (h) => str(h.genesisID)],
  ['gh', (h) => fixed(h.genesisHash)],
  ['nextbefore', (h) => uint(h.upgradeState.nextProtocolVoteBefore)],
  ['nextproto', (h) => str(h.upgradeState.nextProtocol)],
  ['nextswitch', (h) => uint(h.upgradeState.nextProtocolSwitchOn)],
  ['nextyes', (h) => uint(h.upgradeState.nextProtocolApprovals)],
  ['proto', (h) => str(h.upgradeState.currentProtocol)],
  ['prp', (h) => fixed(h.proposer.publicKey)],
  ['rate', (h) => uint(h.rewardState.rewardsRate)],
  ['rwcalr', (h) => uint(h.rewardState.rewardsRecalculationRound)],
  ['rwd', (h) => fixed(h.rewardState.rewardsPool.publicKey)],
  ['txn', (h) => fixed(h.txnCommitments.nativeSha512_256Commitment)],
  ['txn256', (h) => fixed(h.txnCommitments.sha256Commitment)],
  ['txn512', (h) => fixed(h.txnCommitments.sha512Commitment)],
  ['upgradedelay', (h) => uint(h.upgradeVote.upgradeDelay)],
  ['upgradeprop', (h) => str(h.upgradeVote.upgradePropose)],
  ['upgradeyes', (h) => flag(h.upgradeVote.upgradeApprove)],
]

/** The fields that change from block to block. */
const OWN: readonly Field[] = [
  ['bi', (h) => uint(h.bonus)],
  ['ct', (h) => uint(h.congestionTax)],
  ['fc', (h) => uint(h.feesCollected)],
  ['ld', (h) => uint(h.load)],
  ['pp', (h) => uint(h.proposerPayout)],
  ['prev', (h) => fixed(h.branch)],
  ['prev512', (h) => fixed(h.branch512)],
  ['rnd', (h) => uint(h.round)],
  // algosdk keeps a zero seed (a variable-length byte array there); go would omit it.
  ['seed', (h) => slice(h.seed)],
  ['tc', (h) => uint(h.txnCounter)],
  ['ts', (h) => uint(h.timestamp)],
]

const ALL_KEYS = [...SHARED, ...OWN].map(([key]) => key).sort()
const KEY_BYTES = new Map(ALL_KEYS.map((key) => [key, utf8.encode(key)]))

/** The objects (and genesis id) whose fields SHARED reads: the identity of a shared encoding. */
const sharedParts = (h: algosdk.BlockHeader) =>
  [
    h.rewardState,
    h.upgradeState,
    h.upgradeVote,
    h.proposer,
    h.txnCommitments,
    h.genesisHash,
    h.genesisID,
  ] as const

/** The last shared encoding: each present SHARED field's key and value, by key. */
let shared: { parts: ReturnType<typeof sharedParts>; entries: Map<string, Uint8Array> } | undefined

function sharedEntries(h: algosdk.BlockHeader): Map<string, Uint8Array> {
  const parts = sharedParts(h)
  if (shared?.parts.every((p, i) => p === parts[i])) return shared.entries
  const entries = new Map<string, Uint8Array>()
  for (const [key, value] of SHARED) {
    const put = value(h)
    if (put === undefined) continue
    const w = new MsgpackWriter()
    w.str(KEY_BYTES.get(key)!)
    put(w)
    entries.set(key, w.bytes())
  }
  shared = { parts, entries }
  return entries
}

/**
 * The canonical msgpack of a header (what algosdk's encodeMsgpack writes, several times
 * faster): every field, keys sorted, zero values omitted; the fields blocks share are encoded
 * once. State-proof tracking and participation updates, which a devnet never has, fall back to
 * algosdk.
 */
export function encodeHeader(h: algosdk.BlockHeader): Uint8Array {
  const pu = h.participationUpdates
  if (
    h.stateproofTracking.size > 0 ||
    pu.expiredParticipationAccounts.length > 0 ||
    pu.absentParticipationAccounts.length > 0
  ) {
    return algosdk.encodeMsgpack(h)
  }
  const constant = sharedEntries(h)
  const own = new Map<string, NonNullable<Entry[1]>>()
  for (const [key, value] of OWN) {
    const put = value(h)
    if (put !== undefined) own.set(key, put)
  }
  const w = new MsgpackWriter()
  w.map(constant.size + own.size)
  for (const key of ALL_KEYS) {
    const bytes = constant.get(key)
    if (bytes !== undefined) {
      w.raw(bytes)
      continue
    }
    const put = own.get(key)
    if (put === undefined) continue
    w.str(KEY_BYTES.get(key)!)
    put(w)
  }
  return w.bytes()
}

/**
 * go's BlockHeader.Hash: SHA-512/256("BH" || msgpack(header)), and the SHA-512 one (v41), with
 * the header's encoding, computed once per block with one-shot digests.
 */
export function hashHeader(h: algosdk.BlockHeader): PrevHeader & { readonly bytes: Uint8Array } {
  const bytes = encodeHeader(h)
  const tagged = Buffer.concat([BH, bytes])
  return {
    bytes,
    hash: new Uint8Array(digest('sha512-256', tagged, 'buffer')),
    hash512: new Uint8Array(digest('sha512', tagged, 'buffer')),
  }
}

/**
 * A copy of `t` with other genesis fields: the same Transaction (its fields are plain values,
 * shared, never mutated), so no re-encoding is needed.
 */
function withGenesis(
  t: algosdk.Transaction,
  genesisID: string | undefined,
  genesisHash: Uint8Array | undefined,
): algosdk.Transaction {
  const copy = Object.create(Object.getPrototypeOf(t) as object) as algosdk.Transaction
  return Object.assign(copy, t, { genesisID, genesisHash })
}

const signedWith = (s: algosdk.SignedTransaction, txn: algosdk.Transaction) =>
  new algosdk.SignedTransaction({ txn, sig: s.sig, msig: s.msig, lsig: s.lsig, sgnr: s.sgnr })

/** A payset entry: the signed transaction without its genesis fields, plus apply data. */
export function inBlock(
  stxn: algosdk.SignedTransaction,
  ad: algosdk.ApplyData,
): algosdk.SignedTxnInBlock {
  const t = stxn.txn
  return new algosdk.SignedTxnInBlock({
    signedTxn: new algosdk.SignedTxnWithAD({
      signedTxn: signedWith(stxn, withGenesis(t, undefined, undefined)),
      applyData: ad,
    }),
    hasGenesisID: t.genesisID !== undefined && t.genesisID !== '',
    hasGenesisHash: t.genesisHash !== undefined,
  })
}

/** The signed transaction of a payset entry, with its genesis fields restored. */
export function fromBlock(
  stib: algosdk.SignedTxnInBlock,
  genesisId: string,
  genesisHash: Uint8Array,
): algosdk.SignedTransaction {
  const s = stib.signedTxn.signedTxn
  const txn = withGenesis(
    s.txn,
    stib.hasGenesisID ? genesisId : undefined,
    stib.hasGenesisHash ? genesisHash : undefined,
  )
  return signedWith(s, txn)
}

/** The previous block's header, as the next one links to it. */
export interface PrevHeader {
  readonly hash: Uint8Array
  readonly hash512: Uint8Array
}

export interface HeaderFields {
  readonly round: bigint
  readonly prev: PrevHeader | undefined
  readonly timestamp: bigint
  readonly genesisId: string
  readonly genesisHash: Uint8Array
  readonly proto: string
  readonly feeSink: algosdk.Address
  readonly rewardsPool: algosdk.Address
  readonly txnCounter: bigint
  readonly feesCollected: bigint
  readonly rewardsRecalculationRound: bigint
}

/**
 * The parts of a header that are the same in every block of a chain, built once and shared by
 * its headers (nothing mutates a header once made).
 */
interface ConstantParts {
  readonly feeSink: algosdk.Address
  readonly rewardsPool: algosdk.Address
  readonly rewardsRecalculationRound: bigint
  readonly proto: string
  readonly txnCommitments: algosdk.TxnCommitments
  readonly proposer: algosdk.Address
  readonly rewardState: algosdk.RewardState
  readonly upgradeState: algosdk.UpgradeState
  readonly upgradeVote: algosdk.UpgradeVote
  readonly participationUpdates: algosdk.ParticipationUpdates
}

let constantParts: ConstantParts | undefined

function constants(f: HeaderFields): ConstantParts {
  const c = constantParts
  if (
    c?.feeSink === f.feeSink &&
    c.rewardsPool === f.rewardsPool &&
    c.rewardsRecalculationRound === f.rewardsRecalculationRound &&
    c.proto === f.proto
  ) {
    return c
  }
  constantParts = {
    feeSink: f.feeSink,
    rewardsPool: f.rewardsPool,
    rewardsRecalculationRound: f.rewardsRecalculationRound,
    proto: f.proto,
    txnCommitments: new algosdk.TxnCommitments({
      nativeSha512_256Commitment: new Uint8Array(32),
      sha256Commitment: new Uint8Array(32),
    }),
    proposer: algosdk.Address.zeroAddress(),
    rewardState: new algosdk.RewardState({
      feeSink: f.feeSink,
      rewardsPool: f.rewardsPool,
      rewardsLevel: 0n,
      rewardsRate: 0n,
      rewardsResidue: 0n,
      rewardsRecalculationRound: f.rewardsRecalculationRound,
    }),
    upgradeState: new algosdk.UpgradeState({
      currentProtocol: f.proto,
      nextProtocol: '',
      nextProtocolApprovals: 0n,
      nextProtocolVoteBefore: 0n,
      nextProtocolSwitchOn: 0n,
    }),
    upgradeVote: new algosdk.UpgradeVote({
      upgradePropose: '',
      upgradeDelay: 0n,
      upgradeApprove: false,
    }),
    participationUpdates: new algosdk.ParticipationUpdates({
      expiredParticipationAccounts: [],
      absentParticipationAccounts: [],
    }),
  }
  return constantParts
}

const ZERO_BRANCH = new Uint8Array(32)
const ZERO_BRANCH_512 = new Uint8Array(64)

export function makeHeader(f: HeaderFields): algosdk.BlockHeader {
  const prev = f.prev
  const c = constants(f)
  // As go's devmode (node.go writeDevmodeBlock): the seed is the previous block's hash.
  const seed = prev === undefined ? f.genesisHash : prev.hash
  return new algosdk.BlockHeader({
    round: f.round,
    branch: prev?.hash ?? ZERO_BRANCH,
    branch512: prev?.hash512 ?? ZERO_BRANCH_512,
    seed,
    txnCommitments: c.txnCommitments,
    timestamp: f.timestamp,
    genesisID: f.genesisId,
    genesisHash: f.genesisHash,
    proposer: c.proposer,
    feesCollected: f.feesCollected,
    bonus: 0n,
    proposerPayout: 0n,
    rewardState: c.rewardState,
    upgradeState: c.upgradeState,
    upgradeVote: c.upgradeVote,
    txnCounter: f.txnCounter,
    stateproofTracking: new Map(),
    participationUpdates: c.participationUpdates,
  })
}

const protocolBytes = new Map<string, Uint8Array>()

/** What the AVM's `block` opcode reads of a header. */
export function avmHeader(h: algosdk.BlockHeader): AvmBlockHeader {
  const proto = h.upgradeState.currentProtocol
  let protocol = protocolBytes.get(proto)
  if (protocol === undefined) {
    if (protocolBytes.size >= 16) protocolBytes.clear()
    protocol = new TextEncoder().encode(proto)
    protocolBytes.set(proto, protocol)
  }
  return {
    seed: h.seed,
    timestamp: h.timestamp,
    proposer: h.proposer.publicKey,
    feesCollected: h.feesCollected,
    bonus: h.bonus,
    branch: h.branch,
    feeSink: h.rewardState.feeSink.publicKey,
    protocol,
    txnCounter: h.txnCounter,
    proposerPayout: h.proposerPayout,
  }
}
