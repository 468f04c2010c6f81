/**
 * Table `audit_log`: every staff action, append-only (migration 0012's trigger refuses UPDATE,
 * DELETE and TRUNCATE). Each action writes its row with the same handle, inside the transaction of
 * the action itself, so an action is never without its row nor a row without its action.
 */
import { count, desc } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { auditLog } from '../schema.js'

/** The actor of the admin command's actions (a console action's actor is the staff address). */
export const CLI_ACTOR = 'cli'

type AuditAction =
  | 'application.accept'
  | 'application.decline'
  | 'staff.add'
  | 'staff.remove'
  | 'asset.hide'
  | 'asset.unhide'
  | 'subscribers.export'

export interface AuditRecord {
  readonly actor: string
  readonly action: AuditAction
  readonly target: string
  readonly details?: Record<string, unknown>
}

export async function appendAudit(db: Db, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({ ...record, details: record.details ?? {} })
}

export type AuditRow = typeof auditLog.$inferSelect

/** A page of the log, newest first, and the number of rows. */
export async function auditPage(
  db: Db,
  limit: number,
  offset: number,
): Promise<[AuditRow[], number]> {
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(auditLog),
  ])
  return [rows, total.total]
}
