/**
 * The description read back: every builder variant's group, through its bytes, reads as the
 * operation and variant it was built as, with its amounts and roles (a fast-check round trip); and
 * malformed shapes are refused with the messages send_tx answers.
 */
import algosdk from 'algosdk'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildAppCloseOut, buildAppOptIn } from '../builders/opt-in.js'
import { buildConfigure } from '../builders/setup.js'
import {
  buildBid,
  buildBuyNow,
  buildCancelAsk,
  buildChangeAsk,
  buildListAsk,
  buildSellNow,
} from '../builders/trade.js'
import { escrowAddress, type UnsignedGroup } from '../builders/group.js'
import type { BuiltGroup } from './build.js'
import { SignedGroupError, readSignedGroup } from './read-signed.js'
import type { OperationKey } from './versions.js'

const params: algosdk.SuggestedParams = {
  flatFee: true,
  fee: 0n,
  minFee: 1000n,
  firstValid: 100n,
  lastValid: 1100n,
  genesisID: 'devnet-v1',
  genesisHash: new Uint8Array(32).fill(7),
}
const market = { appId: 3001n, nftId: 2001n, usdcId: 1001n }
const escrow = escrowAddress(market.appId)
const [me, other] = [algosdk.generateAccount(), algosdk.generateAccount()].map((a) =>
  a.addr.toString(),
)

/** The transactions as send_tx sees them: decoded from their bytes. */
const wire = (g: UnsignedGroup): algosdk.Transaction[] =>
  g.txns.map((t) => algosdk.decodeUnsignedTransaction(algosdk.encodeUnsignedTransaction(t)))

/** A group of transactions from several builders, regrouped. */
function regroup(...txns: algosdk.Transaction[]): algosdk.Transaction[] {
  const copies = txns.map((t) => {
    const c = algosdk.decodeUnsignedTransaction(algosdk.encodeUnsignedTransaction(t))
    c.group = undefined
    return c
  })
  if (copies.length > 1) algosdk.assignGroupID(copies)
  return copies
}

function refusal(f: () => unknown): SignedGroupError {
  try {
    f()
  } catch (e) {
    if (e instanceof SignedGroupError) return e
    throw e
  }
  throw new Error('accepted')
}

const amount = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n })
const positive = fc.bigInt({ min: 1n, max: 2n ** 64n - 1n })

/** Every builder, with random amounts; the operation and what the reader must find. */
const built: fc.Arbitrary<readonly [OperationKey, BuiltGroup]> = fc.oneof(
  positive.map((price) => ['ASK', buildListAsk({ seller: me, market, price, params })] as const),
  positive.map((price) => ['ASK', buildChangeAsk({ seller: me, market, price, params })] as const),
  fc.constant(['ASK', buildCancelAsk({ seller: me, market, params })] as const),
  fc
    .tuple(amount, amount)
    .filter(([a, b]) => a !== b)
    .map(
      ([currentBid, newBid]) =>
        ['BID', buildBid({ bidder: me, market, currentBid, newBid, params })] as const,
    ),
  fc
    .tuple(positive, amount)
    .map(
      ([price, currentBid]) =>
        [
          'BUY_NOW',
          buildBuyNow({ buyer: me, owner: other, market, price, currentBid, params }),
        ] as const,
    ),
  fc
    .tuple(positive, fc.boolean())
    .map(
      ([bid, fromEscrow]) =>
        [
          'SELL_NOW',
          buildSellNow({ seller: me, buyer: other, market, bid, fromEscrow, params }),
        ] as const,
    ),
  // v1's configure: this market is a v1 app (no version), read as v1.
  fc.constant([
    'CONFIGURE',
    buildConfigure({ creator: me, ...market, version: 1, params }),
  ] as const),
  fc.constant(['APP_OPT_IN', buildAppOptIn({ account: me, appId: market.appId, params })] as const),
  fc.constant([
    'CLOSE_OUT',
    buildAppCloseOut({ account: me, appId: market.appId, params }),
  ] as const),
)

describe('readSignedGroup', () => {
  it("reads every builder's group back as its operation, variant, amounts and roles", () => {
    fc.assert(
      fc.property(built, ([operation, g]) => {
        // At the version it was built for (the market is a v1 app).
        const read = readSignedGroup(wire(g), operation, g.version)
        expect(read.operation).toBe(operation)
        expect(read.variant.name).toBe(g.variant.name)
        expect(read.appId).toBe(market.appId)
        // Every term the group states or implies is the one it was built from.
        for (const [term, value] of Object.entries(read.terms)) {
          expect([term, value]).toEqual([term, g.terms[term as keyof typeof g.terms]])
        }
        expect(read.terms.amount).toBe(g.terms.amount)
        // Every role the group names is the address it was built for.
        for (const [role, address] of Object.entries(read.roles)) {
          expect([role, address]).toEqual([role, g.roles[role as keyof typeof g.roles]])
        }
      }),
      { numRuns: 200 },
    )
  }, 60_000)

  it('tells the current bid from a raise and a buy now top-up', () => {
    const raise = buildBid({ bidder: me, market, currentBid: 30n, newBid: 50n, params })
    expect(readSignedGroup(wire(raise), 'BID')).toMatchObject({
      terms: { amount: 50n, bid: 30n, nftId: market.nftId, usdcId: market.usdcId },
      roles: { bidder: me, escrow },
    })
    const buy = buildBuyNow({ buyer: me, owner: other, market, price: 9n, currentBid: 4n, params })
    expect(readSignedGroup(wire(buy), 'BUY_NOW')).toMatchObject({
      terms: { amount: 9n, bid: 4n },
      roles: { buyer: me, owner: other },
    })
  })

  it("refuses malformed shapes with send_tx's messages", () => {
    const first = buildBid({ bidder: me, market, currentBid: 0n, newBid: 5n, params })
    const raise = buildBid({ bidder: me, market, currentBid: 2n, newBid: 5n, params })
    const list = buildListAsk({ seller: me, market, price: 5n, params })
    const change = buildChangeAsk({ seller: me, market, price: 5n, params })
    const theirs = buildChangeAsk({ seller: other, market, price: 5n, params })
    const read = (txns: algosdk.Transaction[], op: OperationKey) =>
      refusal(() => readSignedGroup(txns, op))

    const [pay, usdc, call] = first.txns
    const payment = (receiver: string, amount: bigint) =>
      algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: me,
        receiver,
        amount,
        suggestedParams: params,
      })
    // The app call without its amount.
    const bare = algosdk.makeApplicationNoOpTxnFromObject({
      sender: me,
      appIndex: market.appId,
      appArgs: [new TextEncoder().encode('S')],
      foreignAssets: [market.nftId, market.usdcId],
      suggestedParams: params,
    })
    const optIn = buildAppOptIn({ account: me, appId: market.appId, params })
    const cases: [algosdk.Transaction[], OperationKey, string][] = [
      [regroup(call, pay), 'BID', 'The last transaction must be the call to the NFT contract.'],
      [
        regroup(change.txns[0], theirs.txns[0]),
        'ASK',
        'Every transaction of a trade is sent by the same account.',
      ],
      [regroup(pay, usdc, pay, call), 'BID', 'A BID group has 1 or 2 or 3 transactions.'],
      // A raise whose deposit is a payment, and a listing that deposits USDC instead of the NFT.
      [regroup(pay, raise.txns[1]), 'BID', 'Transaction 0 must be an asset transfer.'],
      [regroup(raise.txns[0], list.txns[1]), 'ASK', 'Transaction 0 must transfer the NFT.'],
      // A first bid's box payment of another amount, or to someone else than the escrow.
      [regroup(payment(escrow, 18_499n), usdc, call), 'BID', 'Transaction 0 must move 18500.'],
      [
        regroup(payment(other, pay.payment!.amount), usdc, call),
        'BID',
        'Transaction 0 must be sent to the escrow.',
      ],
      // A raise that deposits the whole new bid claims no current bid: it is no raise.
      [regroup(usdc, raise.txns[1]), 'BID', 'The amounts do not fit a BID (raise).'],
      [regroup(bare), 'ASK', 'The app call must carry the operation and its amount.'],
      [wire(optIn), 'ASK', 'The app call must be a plain call to an existing contract.'],
    ]
    for (const [txns, op, message] of cases) {
      expect(read(txns, op)).toMatchObject({ field: 'blob', message })
    }
    expect(read(wire(first), 'ASK')).toMatchObject({
      field: 'operation',
      message: 'The signed group is not a ASK operation.',
    })
  })
})
