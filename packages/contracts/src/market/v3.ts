/**
 * Contract v3 (teal/manager-v3.teal): v2 (v2.ts) with timed reserve auctions. Only what differs is
 * written here; every other operation is v2's own description (ask, offers, buy now, sell now and
 * claim keep their groups, and are refused by the app while an auction runs, except offers).
 * - AUCTION_START (AS): the NFT goes into escrow (or stays there, ending a listing's ask); the
 *   seller is O. AUCTION_BID (AB): the bid and a deposit of AUCTION_DEPOSIT microAlgos; the app
 *   refunds the previous highest bid and its deposit by inner transactions, or holds the refund in
 *   a box ("a" + address) funded by that deposit when USDC cannot reach the bidder.
 *   AUCTION_CANCEL (AC): before the first bid only. AUCTION_SETTLE (AZ): anyone, after the end;
 *   pays out as a sale (royalties, then the seller) and delivers the NFT. AUCTION_WITHDRAW (AW):
 *   an account takes its held refund and the box's deposit.
 * - Deploy funds v3's larger schema (and its extra program page) through v3's bound proxy.
 * Fees: AS 1f; AB 1f, or 3f when it refunds by inner transactions (USDC and the deposit); AC 2f;
 * AZ 1f + one per inner transaction (NFT, each royalty paid, the seller, the deposit back: at most
 * 8f); AW 3f (2f for a box holding only a deposit).
 */
import {
  PROXY_FUNDING_V3,
  AUCTION_DEPOSIT,
  HELD_BOX_PREFIX,
  MANAGER_SCHEMA_V3,
} from '../protocol.js'
import { clearProgram, managerProgram } from '../programs/index.js'
import {
  RECIPIENT_ROLES,
  type AppCallSpec,
  type HeldBoxRef,
  type OperationSpec,
  type Payout,
  type ProtocolSpec,
  type Role,
  type VariantSpec,
} from './spec.js'
import { algos, axfer, constant, noOpCall, send, term, type CallRefs } from './v1.js'
import type { BoxSpec, StateSpec } from './state-spec.js'
import { ROYALTY_PAYOUTS, V2, V2_STATE } from './v2.js'

/** args[0] of each auction method. */
export const AUCTION_ARGS = {
  START: 'AS',
  BID: 'AB',
  CANCEL: 'AC',
  SETTLE: 'AZ',
  WITHDRAW: 'AW',
} as const

const ONE = constant('1', 1n)
const DEPOSIT = constant('AUCTION_DEPOSIT', AUCTION_DEPOSIT)

/** An auction call: args [name, ...uint64 terms], assets [NFT, USDC]; held boxes always named. */
function auctionCall(
  sender: Role,
  name: string,
  terms: readonly ('amount' | 'duration' | 'raiseBp' | 'raiseMin')[],
  payouts: readonly Payout[],
  refs: CallRefs & { heldBoxes: readonly HeldBoxRef[] },
): AppCallSpec {
  return noOpCall(sender, name, terms, payouts, refs)
}

const START_TERMS = ['amount', 'duration', 'raiseBp', 'raiseMin'] as const

const AUCTION_START: OperationSpec = {
  opType: 'AUCTION_START',
  arg: AUCTION_ARGS.START,
  variants: [
    {
      name: 'from-wallet',
      when: [['amount', '>', 0n]],
      group: [
        send('axfer', 'seller', 'escrow', ONE, 'nftId'),
        auctionCall('seller', AUCTION_ARGS.START, START_TERMS, [], {
          heldBoxes: [{ role: 'seller' }],
        }),
      ],
      // The seller must be able to receive USDC when the auction settles.
      needs: { assets: ['usdcId'] },
      effect: { ask: 0n, owner: 'seller', holder: 'escrow' },
    },
    {
      name: 'from-escrow',
      when: [['amount', '>', 0n]],
      group: [
        auctionCall('owner', AUCTION_ARGS.START, START_TERMS, [], {
          heldBoxes: [{ role: 'owner' }],
        }),
      ],
      needs: { assets: ['usdcId'] },
      effect: { ask: 0n },
    },
  ],
}

/** The outbid bidder's refund, sent when they can receive USDC (else held in their box). */
const REFUND_WHEN = [
  ['bid', '>', 0n],
  ['refundable', '=', 1n],
] as const

const AUCTION_BID: OperationSpec = {
  opType: 'AUCTION_BID',
  arg: AUCTION_ARGS.BID,
  counterparty: 'outbid',
  variants: [
    {
      name: 'bid',
      when: [['amount', '>', 'bid']],
      group: [
        send('pay', 'bidder', 'escrow', DEPOSIT),
        send('axfer', 'bidder', 'escrow', term('amount'), 'usdcId'),
        auctionCall(
          'bidder',
          AUCTION_ARGS.BID,
          ['amount'],
          [
            { ...axfer('usdcId', 'outbid', term('bid')), when: REFUND_WHEN, heldIn: 'heldBox' },
            { ...algos('outbid', DEPOSIT), when: REFUND_WHEN },
          ],
          { accounts: ['outbid'], heldBoxes: [{ role: 'bidder' }, { role: 'outbid' }] },
        ),
      ],
      // The winner must be able to receive the NFT.
      needs: { assets: ['nftId'] },
      effect: {},
    },
  ],
}

const AUCTION_CANCEL: OperationSpec = {
  opType: 'AUCTION_CANCEL',
  arg: AUCTION_ARGS.CANCEL,
  variants: [
    {
      name: 'cancel',
      when: [],
      group: [
        auctionCall('owner', AUCTION_ARGS.CANCEL, [], [axfer('nftId', 'owner', ONE)], {
          heldBoxes: [],
        }),
      ],
      needs: {},
      effect: { ask: 0n, owner: null, holder: 'owner' },
    },
  ],
}

/** Settlement's payouts after the NFT: the royalties, the seller's net, the deposit back. */
const SETTLE_PAYOUTS: readonly Payout[] = [
  ...ROYALTY_PAYOUTS,
  {
    ...axfer('usdcId', 'owner', { kind: 'net' }),
    when: [['sellerReceives', '=', 1n]],
    heldIn: 'heldBox',
  },
  {
    ...algos('winner', DEPOSIT),
    when: [
      ['sellerReceives', '=', 1n],
      ['winnerExists', '=', 1n],
    ],
  },
]

const settleCall = (payouts: readonly Payout[]): AppCallSpec =>
  auctionCall('user', AUCTION_ARGS.SETTLE, ['amount'], payouts, {
    accounts: ['winner', 'owner'],
    optionalAccounts: RECIPIENT_ROLES,
    // The one box a settle may create: the seller's proceeds, or else the winner's deposit.
    heldBoxes: [
      { role: 'owner', when: [['sellerReceives', '=', 0n]] },
      {
        role: 'winner',
        when: [
          ['sellerReceives', '=', 1n],
          ['winnerExists', '=', 0n],
        ],
      },
    ],
  })

const settled = (
  name: string,
  deliverable: 0n | 1n,
  payouts: readonly Payout[],
  effect: VariantSpec['effect'],
): VariantSpec => ({
  name,
  when: [
    ['amount', '>', 0n],
    ['nftDeliverable', '=', deliverable],
  ],
  group: [settleCall(payouts)],
  needs: {},
  effect,
})

const AUCTION_SETTLE: OperationSpec = {
  opType: 'AUCTION_SETTLE',
  arg: AUCTION_ARGS.SETTLE,
  counterparty: 'winner',
  variants: [
    settled('delivered', 1n, [axfer('nftId', 'winner', ONE), ...SETTLE_PAYOUTS], {
      ask: 0n,
      owner: null,
      holder: 'winner',
    }),
    // The winner cannot receive the NFT: it stays in escrow with O = winner, who takes it with S 0.
    settled('kept', 0n, SETTLE_PAYOUTS, { ask: 0n, owner: 'winner', holder: 'escrow' }),
  ],
}

const AUCTION_WITHDRAW: OperationSpec = {
  opType: 'AUCTION_WITHDRAW',
  arg: AUCTION_ARGS.WITHDRAW,
  variants: [
    {
      name: 'withdraw',
      when: [],
      group: [
        auctionCall(
          'user',
          AUCTION_ARGS.WITHDRAW,
          ['amount'],
          [
            { ...axfer('usdcId', 'user', term('amount')), when: [['amount', '>', 0n]] },
            algos('user', DEPOSIT),
          ],
          { heldBoxes: [{ role: 'user' }] },
        ),
      ],
      needs: { assets: ['usdcId'] },
      effect: {},
    },
  ],
}

const v2 = V2.operations

/** Deploy funds v3's schema and extra page; the proxy is v3's, bound to the creator. */
const DEPLOY: OperationSpec = {
  ...v2.DEPLOY,
  variants: v2.DEPLOY.variants.map((v) => ({
    ...v,
    group: v.group.map((t) =>
      t.type === 'pay' ? { ...t, amount: constant('PROXY_FUNDING_V3', PROXY_FUNDING_V3) } : t,
    ),
  })),
}

/** A held refund: box "a" + the account's address, holding the USDC it could not receive. */
export const HELD_BOX: BoxSpec = {
  kind: 'held',
  prefix: HELD_BOX_PREFIX,
  meaning:
    "an outbid bidder's refund or a seller's proceeds USDC could not reach, withdrawn with AW",
}

/** v3's state: v2's, plus the running auction (AR = 0: none) and the held refund boxes. */
const V3_STATE = {
  global: [
    ...V2_STATE.global,
    { key: 'AR', field: 'auctionReserve', kind: 'uint', meaning: 'the reserve; 0 = no auction' },
    {
      key: 'AD',
      field: 'auctionDuration',
      kind: 'uint',
      meaning: 'seconds from the first bid to the end',
    },
    {
      key: 'AP',
      field: 'auctionRaiseBp',
      kind: 'uint',
      meaning: 'the minimum raise in basis points of the highest bid (0 = none)',
    },
    {
      key: 'AM',
      field: 'auctionRaiseMin',
      kind: 'uint',
      meaning: 'the minimum raise in USDC base units (0 = none)',
    },
    {
      key: 'AE',
      field: 'auctionEnd',
      kind: 'uint',
      meaning: 'the end in unix seconds; 0 until the first bid starts the clock',
    },
    { key: 'AV', field: 'auctionBid', kind: 'uint', meaning: 'the highest bid; 0 = none' },
    {
      key: 'AH',
      field: 'auctionBidder',
      kind: 'address',
      meaning: 'the highest bidder; empty when none',
    },
  ],
  local: V2_STATE.local,
  boxes: [...V2_STATE.boxes, HELD_BOX],
} as const satisfies StateSpec

export const V3 = {
  version: 3,
  manager: () => managerProgram(3).bytes,
  clear: () => clearProgram().bytes,
  schema: MANAGER_SCHEMA_V3,
  boundProxy: true,
  state: V3_STATE,
  operations: {
    ...v2,
    DEPLOY,
    AUCTION_START,
    AUCTION_BID,
    AUCTION_CANCEL,
    AUCTION_SETTLE,
    AUCTION_WITHDRAW,
  },
} as const satisfies ProtocolSpec

export type V3OperationKey = keyof typeof V3.operations
