/**
 * Table `operations`: the history the follower records, the groups send_tx queues and the sender
 * submits. An operation's identity is its app call's transaction id (`tx_id`, unique).
 */
import { and, count, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { operations } from '../schema.js'
import { CountCache, queryKey } from './list-count.js'

export type OperationRow = typeof operations.$inferSelect

const OPEN = ['pending', 'submitted'] as const

/** A page of the history, and the count of all of it. */
export type OperationHistoryPage = (
  assetGuid: string | undefined,
  limit: number,
  offset: number,
) => Promise<[OperationRow[], number]>

/**
 * GET /api/operations/'s list: pending first, then newest round. Failed sends are not history:
 * they never happened on chain. Large counts are shared and reused a few seconds (list-count.ts).
 */
export function operationHistory(db: Db): OperationHistoryPage {
  const counts = new CountCache()
  return (assetGuid, limit, offset) => {
    const where = and(
      ne(operations.status, 'failed'),
      assetGuid === undefined ? undefined : eq(operations.assetGuid, assetGuid),
    )
    const total = db.select({ total: count() }).from(operations).where(where)
    return Promise.all([
      db
        .select()
        .from(operations)
        .where(where)
        .orderBy(sql`${operations.round} DESC NULLS FIRST`, desc(operations.id))
        .limit(limit)
        .offset(offset),
      counts.count(queryKey(total), async () => (await total).at(0)?.total ?? 0),
    ])
  }
}

export async function findOperation(
  db: Db,
  id: bigint,
): Promise<Pick<OperationRow, 'id' | 'status' | 'failureReason'> | undefined> {
  const rows = await db
    .select({
      id: operations.id,
      status: operations.status,
      failureReason: operations.failureReason,
    })
    .from(operations)
    .where(eq(operations.id, id))
  return rows.at(0)
}

/** Open (pending or submitted) operations of `sender`, other than the one of `txId`. */
export async function countOpenOperations(db: Db, sender: string, txId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(operations)
    .where(
      and(
        eq(operations.sender, sender),
        inArray(operations.status, OPEN),
        ne(operations.txId, txId),
      ),
    )
  return n
}

/** What the app call of a trade group says (its transaction id is the operation's identity). */
interface OperationCall {
  readonly assetGuid: string
  readonly applicationId: bigint
  readonly opType: string
  readonly value: bigint
  readonly sender: string
  readonly txId: string
  readonly groupId: string | null
}

export interface QueuedGroup extends OperationCall {
  readonly signedGroup: Uint8Array
}

/**
 * Queues a signed group for the sender. The same group again is the same operation (`created`
 * false); a failed one sent again (the same signed bytes) may succeed now: it is queued again.
 */
export async function queueSignedGroup(
  db: Db,
  group: QueuedGroup,
): Promise<{ id: bigint; created: boolean }> {
  const rows = await db
    .insert(operations)
    .values({ ...group, status: 'pending' })
    .onConflictDoUpdate({
      target: operations.txId,
      set: {
        status: 'pending',
        signedGroup: sql`excluded.signed_group`,
        failureReason: null,
        attempts: 0,
        updatedAt: sql`now()`,
      },
      setWhere: eq(operations.status, 'failed'),
    })
    // xmax = 0 on a row this statement inserted (an updated row has the updating xid).
    .returning({ id: operations.id, created: sql<boolean>`(xmax = 0)` })
  const stored = rows.at(0)
  if (stored !== undefined) return stored
  const [existing] = await db
    .select({ id: operations.id })
    .from(operations)
    .where(eq(operations.txId, group.txId))
  return { id: existing.id, created: false }
}

/** A group the sender took to submit. */
export interface ClaimedGroup {
  readonly id: bigint
  readonly txId: string
  readonly signedGroup: Uint8Array
  readonly attempts: number
}

/**
 * Claims up to `batch` open groups in one statement (FOR UPDATE SKIP LOCKED: senders in several
 * processes never take the same row) and marks them submitted: new ones, ones whose retry delay
 * (1 s per attempt, up to 30 s) passed, and claims older than `leaseSeconds` (their process died).
 */
export async function claimGroups(
  db: Db,
  batch: number,
  leaseSeconds: number,
): Promise<ClaimedGroup[]> {
  const claimable = db
    .select({ id: operations.id })
    .from(operations)
    .where(
      and(
        sql`${operations.signedGroup} IS NOT NULL`,
        or(
          and(
            eq(operations.status, 'pending'),
            lte(
              operations.updatedAt,
              sql`now() - make_interval(secs => least(${operations.attempts}, 30))`,
            ),
          ),
          and(
            eq(operations.status, 'submitted'),
            lte(operations.updatedAt, sql`now() - make_interval(secs => ${leaseSeconds})`),
          ),
        ),
      ),
    )
    .orderBy(operations.id)
    .limit(batch)
    .for('update', { skipLocked: true })
  const rows = await db
    .update(operations)
    .set({
      status: 'submitted',
      attempts: sql`${operations.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(inArray(operations.id, claimable))
    .returning({
      id: operations.id,
      txId: operations.txId,
      signedGroup: operations.signedGroup,
      attempts: operations.attempts,
    })
  // Only rows with a signed group and (hence) a transaction id are claimable.
  return rows.map((r) => ({ ...r, txId: r.txId!, signedGroup: r.signedGroup! }))
}

/** Executed in `round` (committed at `blockTime`), unless already executed. */
export async function markExecutedIn(
  db: Db,
  id: bigint,
  round: bigint,
  blockTime: Date,
): Promise<void> {
  await db
    .update(operations)
    .set({
      status: 'executed',
      round,
      blockTime,
      failureReason: null,
      signedGroup: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(operations.id, id), ne(operations.status, 'executed')))
}

/** A claimed group goes back to pending, to be submitted again later. */
export async function releaseForRetry(db: Db, id: bigint, reason: string): Promise<void> {
  await db
    .update(operations)
    .set({ status: 'pending', failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(operations.id, id), eq(operations.status, 'submitted')))
}

/**
 * Executed or failed, for an open row only: the follower's "executed" (the chain's word) always
 * stands. An executed group's signed bytes are no longer needed.
 */
export async function settleOpen(
  db: Db,
  id: bigint,
  status: 'executed' | 'failed',
  reason: string | null,
): Promise<void> {
  await db
    .update(operations)
    .set({
      status,
      failureReason: reason,
      updatedAt: sql`now()`,
      ...(status === 'executed' ? { signedGroup: null } : {}),
    })
    .where(and(eq(operations.id, id), inArray(operations.status, OPEN)))
}

/** An operation the follower found in a block. */
export interface ExecutedCall extends OperationCall {
  /** A sale's other party, read from the inner transactions; null for other operations. */
  readonly counterparty: string | null
  /** A v2 sale's royalty (paid plus held); null for other operations and v1. */
  readonly royalty: bigint | null
  /** Whether the piece had an ask just before the call (an ASK then changes the price). */
  readonly listedBefore: boolean
  /** An auction bid's end after the call (manager v3's AE); null for other operations. */
  readonly auctionEnd: Date | null
  readonly round: bigint
  readonly blockTime: Date
}

/**
 * The chain is the truth: a row the sender stored for this transaction becomes executed, with
 * the type, value, counterparty and royalty the chain saw; its signed bytes are no longer needed.
 */
export async function recordExecuted(db: Db, call: ExecutedCall): Promise<void> {
  const excluded = (column: string) => sql.raw(`excluded.${column}`)
  await db
    .insert(operations)
    .values({ ...call, status: 'executed' })
    .onConflictDoUpdate({
      target: operations.txId,
      set: {
        status: 'executed',
        opType: excluded('op_type'),
        value: excluded('value'),
        sender: excluded('sender'),
        counterparty: excluded('counterparty'),
        royalty: excluded('royalty'),
        listedBefore: excluded('listed_before'),
        auctionEnd: excluded('auction_end'),
        assetGuid: excluded('asset_guid'),
        groupId: excluded('group_id'),
        round: excluded('round'),
        blockTime: excluded('block_time'),
        failureReason: null,
        signedGroup: null,
        updatedAt: sql`now()`,
      },
    })
}

/** What the staff console lists: operations not yet sent or settled, and refused ones. */
export const CONSOLE_STATUSES = ['pending', 'submitted', 'failed'] as const

/**
 * A page of the operations the console shows (one status, or all three), newest first, with the
 * reason the sender stored for a refusal; and their number.
 */
export async function consoleOperations(
  db: Db,
  status: (typeof CONSOLE_STATUSES)[number] | undefined,
  limit: number,
  offset: number,
): Promise<[OperationRow[], number]> {
  const where =
    status === undefined
      ? inArray(operations.status, [...CONSOLE_STATUSES])
      : eq(operations.status, status)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(operations)
      .where(where)
      .orderBy(desc(operations.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(operations).where(where),
  ])
  return [rows, total.total]
}
