/**
 * The canonical msgpack of a block header (what algosdk's encodeMsgpack writes, several times
 * faster): every field, keys sorted, zero values omitted. It runs once per block, so it writes
 * straight into one buffer with the keys' encodings and the few strings (genesis id, protocol)
 * prepared once, rather than building an entry list per header.
 */
import { MsgpackWriter } from '@unica/avm'
import algosdk from 'algosdk'

const utf8 = new TextEncoder()

/** A map key as msgpack writes it (fixstr header and bytes), prepared once. */
function key(k: string): Uint8Array {
  const bytes = utf8.encode(k)
  return Uint8Array.of(0xa0 | bytes.length, ...bytes)
}

const K = {
  bi: key('bi'),
  ct: key('ct'),
  earn: key('earn'),
  fc: key('fc'),
  fees: key('fees'),
  frac: key('frac'),
  gen: key('gen'),
  gh: key('gh'),
  ld: key('ld'),
  nextbefore: key('nextbefore'),
  nextproto: key('nextproto'),
  nextswitch: key('nextswitch'),
  nextyes: key('nextyes'),
  pp: key('pp'),
  prev: key('prev'),
  prev512: key('prev512'),
  proto: key('proto'),
  prp: key('prp'),
  rate: key('rate'),
  rnd: key('rnd'),
  rwcalr: key('rwcalr'),
  rwd: key('rwd'),
  seed: key('seed'),
  tc: key('tc'),
  ts: key('ts'),
  txn: key('txn'),
  txn256: key('txn256'),
  txn512: key('txn512'),
  upgradedelay: key('upgradedelay'),
  upgradeprop: key('upgradeprop'),
  upgradeyes: key('upgradeyes'),
}

/** UTF-8 of the header's strings: the same few (genesis id, protocol) in every block. */
const STRINGS = new Map<string, Uint8Array>()
function utf8Of(s: string): Uint8Array {
  let b = STRINGS.get(s)
  if (b === undefined) {
    if (STRINGS.size >= 64) STRINGS.clear()
    b = utf8.encode(s)
    STRINGS.set(s, b)
  }
  return b
}

function isZero(b: Uint8Array): boolean {
  for (let i = 0; i < b.length; i++) if (b[i] !== 0) return false
  return true
}

/** Writes the present fields, in key order, counting them. */
class FieldWriter {
  readonly w = new MsgpackWriter()
  count = 0

  uint(k: Uint8Array, v: bigint): void {
    if (v === 0n) return
    this.count++
    this.w.raw(k)
    this.w.uint(v)
  }

  /** A fixed-size byte array: omitted when all zero. */
  fixed(k: Uint8Array, b: Uint8Array): void {
    if (isZero(b)) return
    this.count++
    this.w.raw(k)
    this.w.bin(b)
  }

  /** A byte slice: omitted when empty. */
  slice(k: Uint8Array, b: Uint8Array): void {
    if (b.length === 0) return
    this.count++
    this.w.raw(k)
    this.w.bin(b)
  }

  text(k: Uint8Array, s: string): void {
    if (s === '') return
    this.count++
    this.w.raw(k)
    this.w.str(utf8Of(s))
  }

  flag(k: Uint8Array, v: boolean): void {
    if (!v) return
    this.count++
    this.w.raw(k)
    this.w.bool(true)
  }
}

export function encodeHeader(h: algosdk.BlockHeader): Uint8Array {
  return encodeTaggedHeader(h, EMPTY)
}

const EMPTY = new Uint8Array(0)

/**
 * `tag` followed by the header's encoding, in one buffer, ready to hash. State-proof tracking
 * and participation updates, which a devnet never has, fall back to algosdk.
 */
export function encodeTaggedHeader(h: algosdk.BlockHeader, tag: Uint8Array): Uint8Array {
  const pu = h.participationUpdates
  if (
    h.stateproofTracking.size > 0 ||
    pu.expiredParticipationAccounts.length > 0 ||
    pu.absentParticipationAccounts.length > 0
  ) {
    const encoded = algosdk.encodeMsgpack(h)
    const out = new Uint8Array(tag.length + encoded.length)
    out.set(tag)
    out.set(encoded, tag.length)
    return out
  }
  const rs = h.rewardState
  const us = h.upgradeState
  const uv = h.upgradeVote
  const f = new FieldWriter()
  f.uint(K.bi, h.bonus)
  f.uint(K.ct, h.congestionTax)
  f.uint(K.earn, rs.rewardsLevel)
  f.uint(K.fc, h.feesCollected)
  f.fixed(K.fees, rs.feeSink.publicKey)
  f.uint(K.frac, rs.rewardsResidue)
  f.text(K.gen, h.genesisID)
  f.fixed(K.gh, h.genesisHash)
  f.uint(K.ld, h.load)
  f.uint(K.nextbefore, us.nextProtocolVoteBefore)
  f.text(K.nextproto, us.nextProtocol)
  f.uint(K.nextswitch, us.nextProtocolSwitchOn)
  f.uint(K.nextyes, us.nextProtocolApprovals)
  f.uint(K.pp, h.proposerPayout)
  f.fixed(K.prev, h.branch)
  f.fixed(K.prev512, h.branch512)
  f.text(K.proto, us.currentProtocol)
  f.fixed(K.prp, h.proposer.publicKey)
  f.uint(K.rate, rs.rewardsRate)
  f.uint(K.rnd, h.round)
  f.uint(K.rwcalr, rs.rewardsRecalculationRound)
  f.fixed(K.rwd, rs.rewardsPool.publicKey)
  // algosdk keeps a zero seed (a variable-length byte array there); go would omit it.
  f.slice(K.seed, h.seed)
  f.uint(K.tc, h.txnCounter)
  f.uint(K.ts, h.timestamp)
  f.fixed(K.txn, h.txnCommitments.nativeSha512_256Commitment)
  f.fixed(K.txn256, h.txnCommitments.sha256Commitment)
  f.fixed(K.txn512, h.txnCommitments.sha512Commitment)
  f.uint(K.upgradedelay, uv.upgradeDelay)
  f.text(K.upgradeprop, uv.upgradePropose)
  f.flag(K.upgradeyes, uv.upgradeApprove)
  const body = f.w.bytes()
  // A map of at most 31 fields: a fixmap (one byte) below 16, a map16 (three bytes) from 16.
  const small = f.count < 16
  const start = tag.length + (small ? 1 : 3)
  const out = new Uint8Array(start + body.length)
  out.set(tag)
  if (small) out[tag.length] = 0x80 | f.count
  else out.set([0xde, 0, f.count], tag.length)
  out.set(body, start)
  return out
}
