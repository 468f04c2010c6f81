/**
 * Each live event against a real QueryClient holding one query of every read the app makes of
 * the market: which of them the event makes stale. The keys come from the same functions the
 * screens' queries use, so a key that moves still lands here.
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query'
import type { LiveOperationEvent } from '@unica/schemas'
import { describe, expect, it } from 'vitest'
import { keys } from '../lib/endpoints.js'
import { personalKeys } from '../lib/personal-queries.js'
import { ALICE, BOB } from '../../test/harness.js'
import { concernsAccount, refreshStale, type MarketEvent } from './live-keys.js'

const PIECE = '11111111-1111-4111-8111-111111111111'
const OTHER = '22222222-2222-4222-8222-222222222222'

/** One cached query per read, named as the screen that shows it. */
const READS: Record<string, QueryKey> = {
  'list: for sale': keys.assets({ market: 'for_sale' }),
  'list: my nfts': keys.assets({ owner_address: ALICE }),
  search: keys.search('harbour', {}, 0, 24),
  'creator page': keys.creator(ALICE),
  'collector page': keys.account(BOB),
  piece: keys.asset(PIECE),
  'other piece': keys.asset(OTHER),
  'piece transactions': keys.operations(PIECE),
  'piece price history': keys.priceHistory(PIECE),
  'other piece transactions': keys.operations(OTHER),
  'other piece price history': keys.priceHistory(OTHER),
  'activity: all': keys.activity(undefined),
  'activity: sales': keys.activity('sale'),
  'home figures': keys.stats,
  'held refund': [...keys.held, '1', ALICE, 'r'],
  user: keys.user(ALICE),
  watchlist: personalKeys.watchlist,
  notifications: personalKeys.notifications,
  session: personalKeys.session,
}

/** The reads an event leaves stale, by name. */
async function staleAfter(event: MarketEvent): Promise<string[]> {
  const client = new QueryClient()
  for (const key of Object.values(READS)) client.setQueryData(key, { cached: true })
  await refreshStale(client, event)
  return Object.entries(READS)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated === true)
    .map(([name]) => name)
    .sort()
}

function operation(op_type: string, over: Partial<LiveOperationEvent> = {}): MarketEvent {
  const data = { guid: PIECE, op_type, value: '5', sender: ALICE, tx_id: 'T', round: '9' }
  return { kind: 'operation', data: { ...data, ...over } }
}

const HISTORY = ['piece price history', 'piece transactions']
const ACTIVITY = ['activity: all', 'activity: sales']

describe('what each live event refreshes', () => {
  it("asset: the piece, every list of pieces and the watchlist; not another piece's", async () => {
    expect(await staleAfter({ kind: 'asset', data: { guid: PIECE } })).toEqual(
      [
        'collector page',
        'creator page',
        'list: for sale',
        'list: my nfts',
        'piece',
        'search',
        'watchlist',
      ].sort(),
    )
  })

  it.each(['BUY_NOW', 'SELL_NOW', 'AUCTION_SETTLE'])(
    'operation %s (a sale): the history, the feed and the home figures',
    async (op) => {
      expect(await staleAfter(operation(op))).toEqual(
        [...HISTORY, ...ACTIVITY, 'home figures'].sort(),
      )
    },
  )

  it.each(['ASK', 'BID', 'AUCTION_START', 'AUCTION_BID', 'AUCTION_CANCEL'])(
    'operation %s: the history and the feed, not the sales figures',
    async (op) => {
      expect(await staleAfter(operation(op))).toEqual([...HISTORY, ...ACTIVITY].sort())
    },
  )

  it.each(['OPT_IN', 'CONFIGURE', 'CLAIM', 'AUCTION_WITHDRAW'])(
    'operation %s (not market activity): only the piece’s history',
    async (op) => {
      expect(await staleAfter(operation(op))).toEqual(HISTORY)
    },
  )

  it('reset: everything the market and the account show, not the session', async () => {
    expect(await staleAfter({ kind: 'reset' })).toEqual(
      Object.keys(READS)
        .filter((name) => name !== 'session' && name !== 'user')
        .sort(),
    )
  })

  it('notification: the bell only', async () => {
    expect(await staleAfter({ kind: 'notification' })).toEqual(['notifications'])
  })

  it("reads the account's chain state again when an operation names it, either side", () => {
    expect(concernsAccount(operation('BID', { sender: ALICE }), ALICE)).toBe(true)
    expect(
      concernsAccount(operation('SELL_NOW', { sender: BOB, counterparty: ALICE }), ALICE),
    ).toBe(true)
    expect(concernsAccount(operation('BID', { sender: BOB, counterparty: null }), ALICE)).toBe(
      false,
    )
    expect(concernsAccount({ kind: 'asset', data: { guid: PIECE } }, ALICE)).toBe(false)
    expect(concernsAccount({ kind: 'reset' }, ALICE)).toBe(true)
    expect(concernsAccount({ kind: 'reset' }, null)).toBe(false)
  })
})
