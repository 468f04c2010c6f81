/**
 * Table `live_events`: what GET /api/events streams (docs/architecture.md "Live updates").
 * Events are appended inside the transaction of the change they describe, and a NOTIFY on the
 * schema's channel goes with them: PostgreSQL (and PGlite) deliver a notification only when its
 * transaction commits, so listeners hear of an event exactly when it becomes readable.
 */
import { and, asc, eq, gt, isNull, lte, max, min, or } from 'drizzle-orm'
import type { Db, Session } from '../connection.js'
import { liveEvents } from '../schema.js'

export interface NewLiveEvent {
  readonly kind: string
  /** Only this account's stream receives it; absent: every stream. */
  readonly account?: string
  readonly data: unknown
}

export interface LiveEvent {
  readonly id: bigint
  readonly kind: string
  readonly account: string | null
  /** JSON text. */
  readonly data: string
}

/** The NOTIFY channel of live events for the connection's schema (one per test schema too). */
const LIVE_CHANNEL_SQL = "'unica_live_' || current_schema()"

/** An arbitrary constant naming "live events" for pg_advisory_xact_lock. */
const LIVE_LOCK = 0x6c697665

/** Events are kept this long: a client away for longer gets a `reset` and reloads. */
const RETENTION_EVENTS = 100_000

/**
 * Appends events in the caller's transaction and notifies listeners on commit. The advisory lock
 * (held to the end of the transaction) makes ids increase in commit order, so a reader that has
 * seen id N never later finds a smaller id committed.
 */
export async function appendLiveEvents(
  session: Session,
  events: readonly NewLiveEvent[],
): Promise<void> {
  if (events.length === 0) return
  await session.query('SELECT pg_advisory_xact_lock($1)', [LIVE_LOCK])
  await session.db.insert(liveEvents).values(
    events.map((e) => ({
      kind: e.kind,
      account: e.account ?? null,
      data: JSON.stringify(e.data),
    })),
  )
  await session.query(`SELECT pg_notify(${LIVE_CHANNEL_SQL}, '')`)
}

/** Drops events beyond the newest RETENTION_EVENTS (range delete on the primary key). */
export async function pruneLiveEvents(session: Session): Promise<void> {
  await session.query(
    'DELETE FROM live_events WHERE id <= (SELECT max(id) FROM live_events) - $1',
    [RETENTION_EVENTS],
  )
}

/** The NOTIFY channel name for this database connection's schema. */
export async function liveChannel(session: {
  query<T>(sqlText: string): Promise<T[]>
}): Promise<string> {
  const [row] = await session.query<{ channel: string }>(`SELECT ${LIVE_CHANNEL_SQL} AS channel`)
  return row.channel
}

/** The newest and oldest stored ids (0n when none). */
export async function liveEventBounds(db: Db): Promise<{ oldest: bigint; newest: bigint }> {
  const [row] = await db
    .select({ oldest: min(liveEvents.id), newest: max(liveEvents.id) })
    .from(liveEvents)
  return { oldest: row.oldest ?? 0n, newest: row.newest ?? 0n }
}

/**
 * Events with `after < id <= upTo`, oldest first, at most `limit`; only public ones and, with
 * `account`, that account's own.
 */
export async function liveEventsAfter(
  db: Db,
  range: { after: bigint; upTo?: bigint; account?: string | null; limit: number },
): Promise<LiveEvent[]> {
  const visible =
    range.account === undefined
      ? undefined
      : range.account === null
        ? isNull(liveEvents.account)
        : or(isNull(liveEvents.account), eq(liveEvents.account, range.account))
  return db
    .select({
      id: liveEvents.id,
      kind: liveEvents.kind,
      account: liveEvents.account,
      data: liveEvents.data,
    })
    .from(liveEvents)
    .where(
      and(
        gt(liveEvents.id, range.after),
        range.upTo === undefined ? undefined : lte(liveEvents.id, range.upTo),
        visible,
      ),
    )
    .orderBy(asc(liveEvents.id))
    .limit(range.limit)
}
