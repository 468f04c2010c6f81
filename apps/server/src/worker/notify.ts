/**
 * The follower's notifications (docs/product.md §12), inside the transaction that
 * applies the rounds: from the operations those rounds recorded and the state they leave,
 * who is told what. Stored once per (account, operation, kind) — a replayed round adds nothing —
 * and each new one is a live event on its account's stream only.
 */
import { royaltyCut } from '@unica/contracts'
import type { Db } from '../db/index.js'
import type { NewLiveEvent } from '../db/repositories/live-events.js'
import { insertNotifications, type NewNotification } from '../db/repositories/notifications.js'
import {
  auctionSellerOf,
  outbidBy,
  tradesInRounds,
  type RoundTrade,
} from '../db/repositories/round-trades.js'
import { watchersOf } from '../db/repositories/watchlist.js'

async function recipients(db: Db, trade: RoundTrade): Promise<NewNotification[]> {
  const out: NewNotification[] = []
  const tell = (
    account: string | null,
    kind: NewNotification['kind'],
    value: bigint = trade.value,
  ): void => {
    if (account === null || account === trade.sender) return
    out.push({ account, kind, assetGuid: trade.guid, operationTxId: trade.txId, value })
  }
  // Each recipient's cut of a sale that paid a royalty, as the contract computes it (paid now or
  // held for them to claim); none when the creator sold (royalty 0).
  const tellRoyalties = (): void => {
    if (trade.royalty === null || trade.royalty === 0n) return
    for (const r of trade.split ?? []) {
      const cut = royaltyCut(trade.value, BigInt(r.share))
      if (cut > 0n) tell(r.address, 'royalty_paid', cut)
    }
  }
  // A zero ask or bid withdraws it: nobody needs telling.
  if (trade.opType === 'BID' && trade.value > 0n) {
    tell(trade.owner, 'bid_received')
    for (const bidder of await outbidBy(db, trade)) tell(bidder, 'outbid')
  } else if (trade.opType === 'ASK' && trade.value > 0n) {
    for (const watcher of await watchersOf(db, trade.guid)) tell(watcher, 'watched_listed')
  } else if (trade.opType === 'BUY_NOW') {
    tell(trade.counterparty, 'sold')
    tellRoyalties()
  } else if (trade.opType === 'SELL_NOW') {
    tell(trade.counterparty, 'bid_accepted')
    tellRoyalties()
  } else if (trade.opType === 'AUCTION_BID') {
    // The bid refunded the previous highest bidder (the counterparty the follower read).
    tell(trade.counterparty, 'auction_outbid')
    tell(await auctionSellerOf(db, trade), 'auction_bid')
  } else if (trade.opType === 'AUCTION_SETTLE' && trade.value > 0n) {
    // Whoever settled (the worker's operator, or anyone's Settle button) is not a party.
    tell(trade.counterparty, 'auction_won')
    tell(await auctionSellerOf(db, trade), 'auction_ended')
    tellRoyalties()
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
