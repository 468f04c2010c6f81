/**
 * Contract v1 (teal/manager.teal), operation by operation: the group index by index, the app
 * call's args and inner payouts (in the order the app sends them), fees, what the sender must be
 * opted in to, and the effect on A, O, the NFT's holder and the bids. The README's "Groups, index
 * by index" table is this file in prose; the flows tests hold the chain to both.
 */
import { CONFIGURE_ARG, OPERATION_ARGS } from '../args.js'
import { clearProgram, managerProgram } from '../programs/index.js'
import { BID_BOX_MIN_BALANCE, ESCROW_FUNDING, MANAGER_SCHEMA, PROXY_FUNDING } from '../protocol.js'
import type { BoxSpec, StateSpec } from './state-spec.js'
import type {
  AmountRule,
  AppCallSpec,
  AssetRef,
  Condition,
  HeldBoxRef,
  Payout,
  ProtocolSpec,
  Role,
  SignedTransfer,
  Term,
  TxnSpec,
  VariantSpec,
} from './spec.js'

export const constant = (name: string, value: bigint): AmountRule => ({
  kind: 'constant',
  name,
  value,
})
export const term = (t: Term): AmountRule => ({ kind: 'term', term: t })
const difference = (of: Term, minus: Term): AmountRule => ({ kind: 'difference', of, minus })

const ONE = constant('1', 1n)
const ZERO = constant('0', 0n)
const BOX = constant('BID_BOX_MIN_BALANCE', BID_BOX_MIN_BALANCE)

export const send = (
  type: 'pay' | 'axfer',
  sender: Role,
  receiver: Role,
  amount: AmountRule,
  asset?: AssetRef,
  fee = 1,
): SignedTransfer => ({ type, sender, receiver, amount, fee, ...(asset && { asset }) })

export const axfer = (asset: AssetRef, receiver: Role, amount: AmountRule): Payout => ({
  type: 'axfer',
  asset,
  receiver,
  amount,
})
export const algos = (receiver: Role, amount: AmountRule): Payout => ({
  type: 'pay',
  receiver,
  amount,
})

/** Where a NoOp call's references come from, beside its assets (see AppCallSpec). */
export interface CallRefs {
  readonly accounts?: readonly Role[]
  readonly optionalAccounts?: readonly Role[]
  readonly boxes?: readonly Role[]
  readonly heldBoxes?: readonly HeldBoxRef[]
}

/** A NoOp call of every version: args [name, ...uint64 terms], assets [NFT, USDC]. */
export function noOpCall(
  sender: Role,
  name: string,
  terms: readonly Term[],
  payouts: readonly Payout[],
  refs: CallRefs,
): AppCallSpec {
  return {
    type: 'appl',
    sender,
    onComplete: 'NoOp',
    args: [
      { kind: 'name', value: name },
      ...terms.map((t) => ({ kind: 'uint64', term: t }) as const),
    ],
    assets: ['nftId', 'usdcId'],
    accounts: refs.accounts ?? [],
    ...(refs.optionalAccounts && { optionalAccounts: refs.optionalAccounts }),
    boxes: refs.boxes ?? [],
    ...(refs.heldBoxes && { heldBoxes: refs.heldBoxes }),
    payouts,
  }
}

/** A trade call: args [name, amount], assets [NFT, USDC]. */
export function trade(
  sender: Role,
  name: string,
  payouts: readonly Payout[] = [],
  refs: { accounts?: readonly Role[]; boxes?: readonly Role[] } = {},
): AppCallSpec {
  return noOpCall(sender, name, ['amount'], payouts, refs)
}

function bare(
  onComplete: 'OptIn' | 'CloseOut' | 'ClearState',
  boxes: readonly Role[],
): AppCallSpec {
  return {
    type: 'appl',
    sender: 'user',
    onComplete,
    args: [],
    assets: [],
    accounts: [],
    boxes,
    payouts: [],
  }
}

const S = OPERATION_ARGS.ASK
const B = OPERATION_ARGS.BID
const BN = OPERATION_ARGS.BUY_NOW
const SN = OPERATION_ARGS.SELL_NOW

/** Buy now's payouts: any excess bid back, the NFT, the ask to O, the box's min balance back. */
const BUY_NOW_PAYOUTS: readonly Payout[] = [
  { ...axfer('usdcId', 'buyer', difference('bid', 'amount')), when: [['bid', '>', 'amount']] },
  axfer('nftId', 'buyer', ONE),
  axfer('usdcId', 'owner', term('amount')),
  { ...algos('buyer', BOX), when: [['bid', '>', 0n]] },
]
const BUY_NOW_REFS = { accounts: ['owner'], boxes: ['buyer'] } as const
/** A sale (buy now or sell now): the listing closes, the buyer holds the NFT, their bid is spent. */
const SALE_EFFECT = {
  ask: 0n,
  owner: null,
  holder: 'buyer',
  bids: [{ bidder: 'buyer', becomes: 0n }],
} as const

/** Sell now pays the bid to the seller and the buyer's box min balance back to the buyer. */
const SELL_NOW_SETTLE: readonly Payout[] = [
  axfer('usdcId', 'seller', term('amount')),
  algos('buyer', BOX),
]
const SELL_NOW_REFS = { accounts: ['buyer'], boxes: ['buyer'] } as const

const BID_EFFECT = { bids: [{ bidder: 'bidder', becomes: 'amount' }] } as const
/** A bid call: B new, the bidder's box referenced; a lower or cancel refunds through payouts. */
const bidCall = (payouts: readonly Payout[] = []): AppCallSpec =>
  trade('bidder', B, payouts, { boxes: ['bidder'] })
const USDC_DEPOSIT = send('axfer', 'bidder', 'escrow', difference('amount', 'bid'), 'usdcId')
const USDC_REFUND = axfer('usdcId', 'bidder', difference('bid', 'amount'))

/** A raise (a first bid also pays the box's min balance): the difference is deposited. */
const raising = (
  name: string,
  when: readonly Condition[],
  group: readonly TxnSpec[],
): VariantSpec => ({
  name,
  when,
  group,
  needs: { app: true, assets: ['nftId'] },
  effect: BID_EFFECT,
})

/** The bid of record: a box named by the bidder's 32-byte address, holding the 8-byte bid. */
export const BID_BOX: BoxSpec = {
  kind: 'bid',
  prefix: '',
  meaning: "the bid of record, named by the bidder's address (ClearState cannot lose it)",
}

/** v1's state: 4 uints and 3 byte slices in global state, local B, the bid boxes. */
export const V1_STATE = {
  global: [
    {
      key: 'A',
      field: 'ask',
      kind: 'uint',
      meaning: 'ask price in USDC base units; 0 = not listed',
    },
    {
      key: 'O',
      field: 'owner',
      kind: 'address',
      meaning: 'owner of the NFT held in escrow; the zero address when the escrow holds none',
    },
    {
      key: 'E',
      field: 'escrow',
      kind: 'address',
      meaning: "the escrow: the app's own address once configured; the zero address before",
    },
    { key: 'U', field: 'usdcId', kind: 'uint', meaning: 'the USDC asset id (creation argument)' },
    { key: 'N', field: 'nftId', kind: 'uint', meaning: 'the NFT asset id (creation argument)' },
    {
      key: 'C',
      field: 'creator',
      kind: 'address',
      meaning: 'the staff account that created the NFT and paid for the deployment',
    },
    { key: 'B', field: 'bidCount', kind: 'uint', meaning: 'number of open bids' },
  ],
  local: [
    {
      key: 'B',
      field: 'bid',
      kind: 'uint',
      meaning: "the account's bid of record (mirrors its box while opted in)",
    },
  ],
  boxes: [BID_BOX],
} as const satisfies StateSpec

export const V1 = {
  version: 1,
  manager: () => managerProgram(1).bytes,
  clear: () => clearProgram().bytes,
  schema: MANAGER_SCHEMA,
  boundProxy: false,
  state: V1_STATE,
  operations: {
    ASK: {
      opType: 'ASK',
      arg: S,
      variants: [
        {
          name: 'list',
          when: [['amount', '>', 0n]],
          group: [send('axfer', 'seller', 'escrow', ONE, 'nftId'), trade('seller', S)],
          // A seller must be able to receive USDC when the NFT sells.
          needs: { assets: ['usdcId'] },
          effect: { ask: 'amount', owner: 'seller', holder: 'escrow' },
        },
        {
          name: 'change',
          when: [['amount', '>', 0n]],
          group: [trade('owner', S)],
          needs: { assets: ['usdcId'] },
          effect: { ask: 'amount' },
        },
        {
          name: 'cancel',
          when: [['amount', '=', 0n]],
          group: [trade('owner', S, [axfer('nftId', 'owner', ONE)])],
          needs: {},
          effect: { ask: 0n, owner: null, holder: 'owner' },
        },
      ],
    },
    BID: {
      opType: 'BID',
      arg: B,
      variants: [
        raising(
          'first',
          [
            ['bid', '=', 0n],
            ['amount', '>', 'bid'],
          ],
          [send('pay', 'bidder', 'escrow', BOX), USDC_DEPOSIT, bidCall()],
        ),
        raising(
          'raise',
          [
            ['bid', '>', 0n],
            ['amount', '>', 'bid'],
          ],
          [USDC_DEPOSIT, bidCall()],
        ),
        {
          name: 'lower',
          when: [
            ['amount', '>', 0n],
            ['amount', '<', 'bid'],
          ],
          group: [bidCall([USDC_REFUND])],
          needs: {},
          effect: BID_EFFECT,
        },
        {
          name: 'cancel',
          when: [
            ['amount', '=', 0n],
            ['bid', '>', 0n],
          ],
          group: [bidCall([USDC_REFUND, algos('bidder', BOX)])],
          needs: {},
          effect: { bids: [{ bidder: 'bidder', becomes: 0n }] },
        },
      ],
    },
    BUY_NOW: {
      opType: 'BUY_NOW',
      arg: BN,
      counterparty: 'owner',
      variants: [
        {
          name: 'top-up',
          when: [['bid', '<', 'amount']],
          group: [
            send('axfer', 'buyer', 'escrow', difference('amount', 'bid'), 'usdcId'),
            trade('buyer', BN, BUY_NOW_PAYOUTS, BUY_NOW_REFS),
          ],
          needs: { assets: ['nftId'] },
          effect: SALE_EFFECT,
        },
        {
          name: 'covered',
          when: [['bid', '>=', 'amount']],
          group: [trade('buyer', BN, BUY_NOW_PAYOUTS, BUY_NOW_REFS)],
          needs: { assets: ['nftId'] },
          effect: SALE_EFFECT,
        },
      ],
    },
    SELL_NOW: {
      opType: 'SELL_NOW',
      arg: SN,
      counterparty: 'buyer',
      variants: [
        {
          name: 'from-escrow',
          when: [['amount', '>', 0n]],
          group: [
            trade('seller', SN, [axfer('nftId', 'buyer', ONE), ...SELL_NOW_SETTLE], SELL_NOW_REFS),
          ],
          needs: { assets: ['usdcId'] },
          effect: SALE_EFFECT,
        },
        {
          name: 'from-wallet',
          when: [['amount', '>', 0n]],
          group: [
            send('axfer', 'seller', 'buyer', ONE, 'nftId'),
            trade('seller', SN, SELL_NOW_SETTLE, SELL_NOW_REFS),
          ],
          needs: { assets: ['usdcId'] },
          effect: SALE_EFFECT,
        },
      ],
    },
    DEPLOY: {
      opType: null,
      variants: [
        {
          name: 'deploy',
          when: [],
          group: [
            // The creator pays the proxy's fee too: the proxy holds only its min balance.
            send('pay', 'creator', 'proxy', constant('PROXY_FUNDING', PROXY_FUNDING), undefined, 2),
            {
              type: 'appl',
              sender: 'proxy',
              onComplete: 'NoOp',
              create: true,
              args: [
                { kind: 'uint64', term: 'usdcId' },
                { kind: 'uint64', term: 'nftId' },
              ],
              assets: ['usdcId', 'nftId'],
              accounts: [],
              boxes: [],
              fee: 0,
              payouts: [],
            },
          ],
          needs: {},
          effect: {},
        },
      ],
    },
    CONFIGURE: {
      opType: 'CONFIGURE',
      arg: CONFIGURE_ARG,
      variants: [
        {
          name: 'configure',
          when: [],
          group: [
            send('pay', 'creator', 'escrow', constant('ESCROW_FUNDING', ESCROW_FUNDING)),
            {
              type: 'appl',
              sender: 'creator',
              onComplete: 'NoOp',
              args: [{ kind: 'name', value: CONFIGURE_ARG }],
              assets: ['nftId', 'usdcId'],
              accounts: [],
              boxes: [],
              // The escrow opts in to the NFT and to USDC.
              payouts: [axfer('nftId', 'escrow', ZERO), axfer('usdcId', 'escrow', ZERO)],
            },
          ],
          needs: {},
          effect: {},
        },
      ],
    },
    APP_OPT_IN: {
      opType: 'OPT_IN',
      variants: [
        { name: 'opt-in', when: [], group: [bare('OptIn', ['user'])], needs: {}, effect: {} },
      ],
    },
    CLOSE_OUT: {
      opType: 'CLOSE_OUT',
      variants: [
        { name: 'close-out', when: [], group: [bare('CloseOut', ['user'])], needs: {}, effect: {} },
      ],
    },
    CLEAR_STATE: {
      opType: 'CLEAR',
      variants: [
        { name: 'clear', when: [], group: [bare('ClearState', [])], needs: {}, effect: {} },
      ],
    },
    ASSET_OPT_IN: {
      opType: null,
      variants: [
        {
          name: 'asset-opt-in',
          when: [],
          group: [send('axfer', 'user', 'user', ZERO, 'assetId')],
          needs: {},
          effect: {},
        },
      ],
    },
  },
} as const satisfies ProtocolSpec
