/**
 * Table `bids`: each bidder's bid of record per manager app, as the chain keeps it (the follower
 * writes it; the asset's highest bid is derived from it: assets.ts refreshHighestBid).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { bids } from '../schema.js'

/** Sets `bidder`'s bid on `appId` as of `round`; an amount of 0 means no bid (spent). */
export async function setBid(
  db: Db,
  appId: bigint,
  bidder: string,
  amount: bigint,
  round: bigint,
): Promise<void> {
  if (amount === 0n) {
    await db.delete(bids).where(and(eq(bids.applicationId, appId), eq(bids.bidder, bidder)))
    return
  }
  await db
    .insert(bids)
    .values({ applicationId: appId, bidder, amount, round })
    .onConflictDoUpdate({
      target: [bids.applicationId, bids.bidder],
      set: { amount: sql`excluded.amount`, round: sql`excluded.round` },
    })
}
