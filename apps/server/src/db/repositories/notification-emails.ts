/**
 * Notifications by email (docs/product.md §12): each account's address, confirmed by the link
 * mailed to it (double opt-in), and the mailer's claim on each notification. A claim marks the
 * row 'sending' and commits before the mail goes out, so no crash or second worker sends a
 * notification twice; an SMTP refusal puts it back as 'retry' with a later time.
 */
import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { assets, notificationEmails, notifications } from '../schema.js'

export interface EmailSetting {
  readonly address: string
  readonly confirmed: boolean
}

export async function emailOf(db: Db, account: string): Promise<EmailSetting | undefined> {
  const row = (
    await db
      .select({ address: notificationEmails.address, confirmedAt: notificationEmails.confirmedAt })
      .from(notificationEmails)
      .where(eq(notificationEmails.account, account))
  ).at(0)
  return row === undefined
    ? undefined
    : { address: row.address, confirmed: row.confirmedAt !== null }
}

/** Sets (or replaces) the account's address, unconfirmed until the link with `tokenHash`. */
export async function setEmail(
  db: Db,
  account: string,
  address: string,
  tokenHash: string,
): Promise<void> {
  await db
    .insert(notificationEmails)
    .values({ account, address, tokenHash })
    .onConflictDoUpdate({
      target: notificationEmails.account,
      set: { address, tokenHash, confirmedAt: null, createdAt: sql`now()` },
    })
}

/** Confirms the address whose link carries this token; answers it, or undefined. */
export async function confirmEmail(db: Db, tokenHash: string): Promise<string | undefined> {
  const rows = await db
    .update(notificationEmails)
    .set({ confirmedAt: sql`coalesce(${notificationEmails.confirmedAt}, now())` })
    .where(eq(notificationEmails.tokenHash, tokenHash))
    .returning({ address: notificationEmails.address })
  return rows.at(0)?.address
}

export async function removeEmail(db: Db, account: string): Promise<void> {
  await db.delete(notificationEmails).where(eq(notificationEmails.account, account))
}

export interface MailJob {
  readonly id: bigint
  readonly to: string
  readonly kind: string
  readonly assetName: string
  readonly guid: string
  readonly value: bigint
  readonly attempts: number
}

/**
 * Claims up to `limit` notifications due to be mailed (new, or a retry whose time came) of
 * accounts with a confirmed address: they become 'sending' when the caller's transaction commits.
 * Notifications of accounts without a confirmed address are marked 'skipped' on the way.
 */
export async function claimMail(db: Db, limit: number): Promise<MailJob[]> {
  await db
    .update(notifications)
    .set({ emailStatus: 'skipped' })
    .where(
      and(
        isNull(notifications.emailStatus),
        sql`NOT EXISTS (SELECT 1 FROM ${notificationEmails} e WHERE e.account = ${notifications.account} AND e.confirmed_at IS NOT NULL)`,
      ),
    )
  const due = await db
    .select({
      id: notifications.id,
      to: notificationEmails.address,
      kind: notifications.kind,
      assetName: assets.name,
      guid: notifications.assetGuid,
      value: notifications.value,
      attempts: notifications.emailAttempts,
    })
    .from(notifications)
    .innerJoin(notificationEmails, eq(notificationEmails.account, notifications.account))
    .innerJoin(assets, eq(assets.guid, notifications.assetGuid))
    .where(
      and(
        isNotNull(notificationEmails.confirmedAt),
        or(
          isNull(notifications.emailStatus),
          and(eq(notifications.emailStatus, 'retry'), lte(notifications.emailNextAt, sql`now()`)),
        ),
      ),
    )
    .orderBy(notifications.id)
    .limit(limit)
    .for('update', { of: notifications, skipLocked: true })
  for (const job of due) {
    await db
      .update(notifications)
      .set({ emailStatus: 'sending', emailAttempts: job.attempts + 1 })
      .where(eq(notifications.id, job.id))
  }
  return due
}

export async function markMailed(db: Db, id: bigint): Promise<void> {
  await db.update(notifications).set({ emailStatus: 'sent' }).where(eq(notifications.id, id))
}

/** The SMTP server refused: again after `delayMs`, or give up after `maxAttempts`. */
export async function markMailRefused(
  db: Db,
  job: MailJob,
  delayMs: number,
  maxAttempts: number,
): Promise<void> {
  const attempts = job.attempts + 1
  await db
    .update(notifications)
    .set(
      attempts >= maxAttempts
        ? { emailStatus: 'failed' }
        : {
            emailStatus: 'retry',
            emailNextAt: sql`now() + ${`${String(delayMs)} milliseconds`}::interval`,
          },
    )
    .where(eq(notifications.id, job.id))
}
