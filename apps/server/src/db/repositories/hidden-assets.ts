/**
 * Moderation's columns of table `assets` (migration 0012): staff hide a piece with a reason, and
 * it leaves every public list, search, feed and profile (each of those filters with `notHidden`).
 * Nothing else of the row changes: the follower keeps recording its trades, its contract is
 * untouched, and GET /api/assets/{guid}/ still answers it, saying it is hidden.
 */
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { assets } from '../schema.js'
import { assetFields, type AssetFields } from './asset-fields.js'

/** The condition every public list of assets adds: the piece is not hidden. */
export const notHidden = isNull(assets.hiddenAt)

export interface HiddenNoteRow {
  readonly reason: string
  readonly at: Date
}

/** Hides (or re-hides with a new reason) a piece; undefined when there is no such piece. */
export async function hideAsset(
  db: Db,
  guid: string,
  reason: string,
  by: string,
): Promise<HiddenNoteRow | undefined> {
  const rows = await db
    .update(assets)
    .set({ hiddenAt: sql`now()`, hiddenReason: reason, hiddenBy: by })
    .where(eq(assets.guid, guid))
    .returning({ reason: assets.hiddenReason, at: assets.hiddenAt })
  const row = rows.at(0)
  return row === undefined || row.reason === null || row.at === null
    ? undefined
    : { reason: row.reason, at: row.at }
}

/** Shows a hidden piece again; answers the reason it had, or undefined if it was not hidden. */
export async function unhideAsset(db: Db, guid: string): Promise<string | undefined> {
  const before = await hiddenNote(db, guid)
  if (before === undefined) return undefined
  await db
    .update(assets)
    .set({ hiddenAt: null, hiddenReason: null, hiddenBy: null })
    .where(and(eq(assets.guid, guid), isNotNull(assets.hiddenAt)))
  return before.reason
}

/** Why and when the piece was hidden, or undefined when it is not. */
export async function hiddenNote(db: Db, guid: string): Promise<HiddenNoteRow | undefined> {
  const rows = await db
    .select({ reason: assets.hiddenReason, at: assets.hiddenAt })
    .from(assets)
    .where(and(eq(assets.guid, guid), isNotNull(assets.hiddenAt)))
  const row = rows.at(0)
  return row === undefined || row.reason === null || row.at === null
    ? undefined
    : { reason: row.reason, at: row.at }
}

export interface HiddenRow {
  readonly asset: AssetFields
  readonly reason: string | null
  readonly hiddenAt: Date | null
  readonly hiddenBy: string | null
}

/** A page of hidden pieces, the latest hidden first, and their number. */
export async function hiddenPage(
  db: Db,
  limit: number,
  offset: number,
): Promise<[HiddenRow[], number]> {
  const where = isNotNull(assets.hiddenAt)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        asset: assetFields,
        reason: assets.hiddenReason,
        hiddenAt: assets.hiddenAt,
        hiddenBy: assets.hiddenBy,
      })
      .from(assets)
      .where(where)
      .orderBy(desc(assets.hiddenAt), desc(assets.guid))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(assets).where(where),
  ])
  return [rows, total.total]
}
