/**
 * send_tx's decoding: groups the contracts builders produce pass with the right identity and
 * value; incomplete, reordered, unsigned, foreign-network, mislabelled and random blobs are refused
 * with a GroupError naming the field, never another exception.
 */
import algosdk from 'algosdk'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBid, buildChangeAsk, buildListAsk, type Market } from '@unica/contracts'
import { SEND_OPERATIONS, type SendOperation } from '@unica/schemas'
import { Harness, blobOf, type Account } from '../../test/worker/chain.js'
import {
  GroupError,
  decodeSignedGroup,
  readDecodedGroup,
  type ParsedGroup,
} from './signed-group.js'

/** A base64 blob read as the declared operation, in send_tx's two steps (routes/send-tx.ts). */
function parseSignedGroup(blob: string, operation: SendOperation): ParsedGroup {
  return readDecodedGroup(decodeSignedGroup(blob), operation)
}

let h: Harness
let staff: Account
let bidder: Account
let market: Market

beforeAll(async () => {
  h = await Harness.start()
  staff = await h.account()
  bidder = await h.account()
  market = await h.market(staff)
  await h.optIn(bidder, market)
})

afterAll(async () => {
  await h.stop()
})

async function firstBid(): Promise<Uint8Array[]> {
  const g = buildBid({
    bidder: bidder.address,
    market,
    currentBid: 0n,
    newBid: 5_000_000n,
    params: await h.params(),
  })
  return h.sign(g, bidder)
}

function refusal(f: () => unknown): GroupError {
  try {
    f()
  } catch (e) {
    if (e instanceof GroupError) return e
    throw e
  }
  throw new Error('accepted')
}

describe('parseSignedGroup', () => {
  it('accepts a first bid (3 transactions) with the app call as its identity', async () => {
    const signed = await firstBid()
    const parsed = parseSignedGroup(blobOf(signed), 'BID')
    const call = algosdk.decodeSignedTransaction(signed[2]).txn
    expect(parsed.txId).toBe(call.txID())
    expect(parsed.appId).toBe(market.appId)
    expect(parsed.value).toBe(5_000_000n)
    expect(parsed.sender).toBe(bidder.address)
    expect(parsed.groupId).toBe(Buffer.from(call.group!).toString('base64'))
    expect(Buffer.concat(parsed.signed)).toEqual(Buffer.concat(signed))
  })

  it('accepts a single-transaction ask change without a group id', async () => {
    const g = buildChangeAsk({ seller: staff.address, market, price: 7n, params: await h.params() })
    const parsed = parseSignedGroup(blobOf(h.sign(g, staff)), 'ASK')
    expect(parsed.groupId).toBeNull()
    expect(parsed.value).toBe(7n)
  })

  it('refuses a group declared as another operation', async () => {
    const signed = await firstBid()
    expect(refusal(() => parseSignedGroup(blobOf(signed), 'ASK')).field).toBe('operation')
    expect(refusal(() => parseSignedGroup(blobOf(signed), 'BUY_NOW')).field).toBe('operation')
  })

  it('refuses an incomplete or reordered group', async () => {
    const signed = await firstBid()
    expect(refusal(() => parseSignedGroup(blobOf(signed.slice(1)), 'BID')).message).toMatch(
      /group's id/,
    )
    expect(refusal(() => parseSignedGroup(blobOf(signed.slice(2)), 'BID')).message).toMatch(
      /group's id/,
    )
    const reordered = [signed[1], signed[0], signed[2]]
    expect(refusal(() => parseSignedGroup(blobOf(reordered), 'BID')).field).toBe('blob')
  })

  it('refuses an unsigned transaction', async () => {
    const g = buildListAsk({ seller: staff.address, market, price: 9n, params: await h.params() })
    const unsigned = g.txns.map((t) => algosdk.encodeUnsignedTransaction(t))
    // An unsigned transaction is wrapped as a signed one without a signature.
    const wrapped = g.txns.map((t) =>
      algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn: t })),
    )
    expect(refusal(() => parseSignedGroup(blobOf(wrapped), 'ASK')).message).toMatch(/not signed/)
    expect(refusal(() => parseSignedGroup(blobOf(unsigned), 'ASK')).field).toBe('blob')
  })

  it('refuses a trade whose transactions come from two accounts', async () => {
    const params = await h.params()
    const a = buildChangeAsk({ seller: staff.address, market, price: 7n, params })
    const b = buildChangeAsk({ seller: bidder.address, market, price: 8n, params })
    const txns = [a.txns[0], b.txns[0]]
    algosdk.assignGroupID(txns)
    const regrouped = h.sign(
      { txns, signers: [a.signers[0], b.signers[0]], fee: 0n },
      staff,
      bidder,
    )
    expect(refusal(() => parseSignedGroup(blobOf(regrouped), 'ASK')).field).toBe('blob')
  })

  it('refuses blobs that are not base64, empty, oversized or truncated', async () => {
    expect(refusal(() => parseSignedGroup('', 'BID')).message).toMatch(/blank/)
    expect(refusal(() => parseSignedGroup('@@@@', 'BID')).message).toMatch(/base64/)
    expect(refusal(() => parseSignedGroup('A'.repeat(40_000), 'BID')).message).toMatch(/at most/)
    const whole = Buffer.concat(await firstBid())
    const cut = whole.subarray(0, whole.length - 3).toString('base64')
    expect(refusal(() => parseSignedGroup(cut, 'BID')).field).toBe('blob')
  })

  it('answers any random input with a GroupError', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.constantFrom(...SEND_OPERATIONS),
        (bytes, op) => {
          expect(
            refusal(() => parseSignedGroup(Buffer.from(bytes).toString('base64'), op)),
          ).toBeInstanceOf(GroupError)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('answers mutated real groups with a GroupError or a well-formed parse', async () => {
    const whole = Buffer.concat(await firstBid())
    fc.assert(
      fc.property(fc.nat(whole.length - 1), fc.nat(255), (at, byte) => {
        const copy = Buffer.from(whole)
        copy[at] = byte
        try {
          parseSignedGroup(copy.toString('base64'), 'BID')
        } catch (e) {
          expect(e).toBeInstanceOf(GroupError)
        }
      }),
      { numRuns: 300 },
    )
  })
})
