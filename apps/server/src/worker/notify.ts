/**
 * The follower's notifications (docs/product.md "Notifications"), inside the transaction that
 * applies the rounds: from the operations those rounds recorded and the state they leave,
 * who is told what. Stored once per (account, operation, kind) — a replayed round adds nothing —
 * and each new one is a live event on its account's stream only.
 */
import { and, between, eq, gt, isNotNull, lt, ne } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import type { NewLiveEvent } from '../db/repositories/live-events.js'
import { insertNotifications, type NewNotification } from '../db/repositories/notifications.js'
import { watchersOf } from '../db/repositories/watchlist.js'
import { assets, bids, operations } from '../db/schema.js'

interface RoundTrade {
  readonly guid: string
  readonly applicationId: bigint
  readonly opType: string
  readonly value: bigint
  readonly sender: string
  readonly counterparty: string | null
  readonly txId: string
  readonly owner: string | null
}

async function tradesInRounds(db: Db, first: bigint, last: bigint): Promise<RoundTrade[]> {
  const rows = await db
    .select({
      guid: assets.guid,
      applicationId: operations.applicationId,
      opType: operations.opType,
      value: operations.value,
      sender: operations.sender,
      counterparty: operations.counterparty,
      txId: operations.txId,
      owner: assets.ownerAddress,
    })
    .from(operations)
    .innerJoin(assets, eq(assets.guid, operations.assetGuid))
    .where(
      and(
        eq(operations.status, 'executed'),
        between(operations.round, first, last),
        isNotNull(operations.txId),
      ),
    )
    .orderBy(operations.round, operations.id)
  return rows.map((r) => ({ ...r, txId: r.txId ?? '' }))
}

/**
 * The other bidders on the app whose standing bid is now below `value` (as the applied rounds
 * leave it: a bidder who withdrew or spent the bid in those rounds is not told).
 */
async function outbidBy(db: Db, trade: RoundTrade): Promise<string[]> {
  const rows = await db
    .select({ bidder: bids.bidder })
    .from(bids)
    .where(
      and(
        eq(bids.applicationId, trade.applicationId),
        ne(bids.bidder, trade.sender),
        gt(bids.amount, 0n),
        lt(bids.amount, trade.value),
      ),
    )
  return rows.map((r) => r.bidder)
}

async function recipients(db: Db, trade: RoundTrade): Promise<NewNotification[]> {
  const out: NewNotification[] = []
  const tell = (account: string | null, kind: NewNotification['kind']): void => {
    if (account === null || account === trade.sender) return
    out.push({
      account,
      kind,
      assetGuid: trade.guid,
      operationTxId: trade.txId,
      value: trade.value,
    })
  }
  // A zero ask or bid withdraws it: nobody needs telling.
  if (trade.opType === 'BID' && trade.value > 0n) {
    tell(trade.owner, 'bid_received')
    for (const bidder of await outbidBy(db, trade)) tell(bidder, 'outbid')
  } else if (trade.opType === 'ASK' && trade.value > 0n) {
    for (const watcher of await watchersOf(db, trade.guid)) tell(watcher, 'watched_listed')
  } else if (trade.opType === 'BUY_NOW') {
    tell(trade.counterparty, 'sold')
  } else if (trade.opType === 'SELL_NOW') {
    tell(trade.counterparty, 'bid_accepted')
  }
  return out
}

/** Stores the rounds' new notifications; answers their live events. */
export async function notifyRounds(db: Db, first: bigint, last: bigint): Promise<NewLiveEvent[]> {
  const rows: NewNotification[] = []
  for (const trade of await tradesInRounds(db, first, last)) {
    rows.push(...(await recipients(db, trade)))
  }
  const created = await insertNotifications(db, rows)
  return created.map(({ account, notification }) => ({
    kind: 'notification',
    account,
    data: notification,
  }))
}
