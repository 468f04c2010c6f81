/** Table `watchlist`: the pieces each signed-in account follows (docs/product.md §12). */
import { and, count, desc, eq, ne } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { assets, watchlist } from '../schema.js'
import { assetFields, type AssetFields } from './asset-fields.js'

/** An account follows at most this many pieces (the list is answered whole). */
export const WATCHLIST_MAX = 500

/**
 * Adds the piece (already there: no change); answers false when the account already follows
 * WATCHLIST_MAX other pieces.
 */
export async function watch(db: Db, account: string, guid: string): Promise<boolean> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(watchlist)
    .where(and(eq(watchlist.account, account), ne(watchlist.assetGuid, guid)))
  if (n >= WATCHLIST_MAX) return false
  await db.insert(watchlist).values({ account, assetGuid: guid }).onConflictDoNothing()
  return true
}

export async function unwatch(db: Db, account: string, guid: string): Promise<void> {
  await db
    .delete(watchlist)
    .where(and(eq(watchlist.account, account), eq(watchlist.assetGuid, guid)))
}

/** The account's watched pieces as the API shows them, latest watched first. */
export async function watchedAssets(db: Db, account: string): Promise<AssetFields[]> {
  return db
    .select(assetFields)
    .from(watchlist)
    .innerJoin(assets, eq(assets.guid, watchlist.assetGuid))
    .where(eq(watchlist.account, account))
    .orderBy(desc(watchlist.createdAt), desc(watchlist.assetGuid))
    .limit(WATCHLIST_MAX)
}

/** Who watches the piece (the follower notifies them). */
export async function watchersOf(db: Db, guid: string): Promise<string[]> {
  const rows = await db
    .select({ account: watchlist.account })
    .from(watchlist)
    .where(eq(watchlist.assetGuid, guid))
  return rows.map((r) => r.account)
}
