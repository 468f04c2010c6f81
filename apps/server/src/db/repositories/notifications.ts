/**
 * Table `notifications` (docs/product.md §12): the follower inserts them in its round
 * transaction, one per (account, operation, kind), so replaying a round adds none twice; the
 * account reads them and marks them read.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Notification, NotificationKind } from '@unica/schemas'
import type { Db } from '../connection.js'
import { assets, notifications } from '../schema.js'

export interface NewNotification {
  readonly account: string
  readonly kind: NotificationKind
  readonly assetGuid: string
  readonly operationTxId: string
  readonly value: bigint
}

/** The newest this many are listed. */
const NOTIFICATIONS_LISTED = 100

const shown = {
  id: sql<string>`${notifications.id}::text`,
  account: notifications.account,
  kind: notifications.kind,
  guid: notifications.assetGuid,
  asset_name: assets.name,
  value: sql<string>`${notifications.value}::text`,
  tx_id: notifications.operationTxId,
  read: sql<boolean>`${notifications.readAt} IS NOT NULL`,
  created_at: sql<string>`to_char(${notifications.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
}

interface ShownRow {
  readonly id: string
  readonly kind: string
  readonly guid: string
  readonly asset_name: string
  readonly value: string
  readonly tx_id: string
  readonly read: boolean
  readonly created_at: string
}

const toNotification = (r: ShownRow): Notification => ({
  id: r.id,
  // Only the follower writes kinds, all of them NotificationKind.
  kind: r.kind as NotificationKind,
  guid: r.guid,
  asset_name: r.asset_name,
  value: r.value,
  tx_id: r.tx_id,
  read: r.read,
  created_at: r.created_at,
})

/**
 * Inserts those not stored yet (the unique key skips the rest); answers the new ones, each with
 * its account, as the API shows them.
 */
export async function insertNotifications(
  db: Db,
  rows: readonly NewNotification[],
): Promise<{ account: string; notification: Notification }[]> {
  if (rows.length === 0) return []
  const inserted = await db
    .insert(notifications)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: notifications.id })
  if (inserted.length === 0) return []
  const found = await db
    .select(shown)
    .from(notifications)
    .innerJoin(assets, eq(assets.guid, notifications.assetGuid))
    .where(
      inArray(
        notifications.id,
        inserted.map((r) => r.id),
      ),
    )
    .orderBy(notifications.id)
  return found.map((r) => ({ account: r.account, notification: toNotification(r) }))
}

export async function listNotifications(
  db: Db,
  account: string,
): Promise<{ unread: number; results: Notification[] }> {
  const [rows, [{ unread }]] = await Promise.all([
    db
      .select(shown)
      .from(notifications)
      .innerJoin(assets, eq(assets.guid, notifications.assetGuid))
      .where(eq(notifications.account, account))
      .orderBy(desc(notifications.id))
      .limit(NOTIFICATIONS_LISTED),
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.account, account), isNull(notifications.readAt))),
  ])
  return { unread, results: rows.map(toNotification) }
}

/** Marks the account's notification `id` read; answers whether it is the account's. */
export async function markRead(db: Db, account: string, id: bigint): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.account, account)))
    .returning({ id: notifications.id })
  return rows.length > 0
}

export async function markAllRead(db: Db, account: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.account, account), isNull(notifications.readAt)))
}
