/** Table `chain_cursor`: the last round a chain reader (the follower) applied, by name. */
import { eq } from 'drizzle-orm'
import type { Db, RawSession } from '../connection.js'
import { chainCursor } from '../schema.js'

/** The chain follower's cursor (worker/follower.ts); its block time is the API's chain "now". */
export const FOLLOWER_CURSOR = 'follower'

export async function readCursor(db: Db, name: string): Promise<bigint | undefined> {
  const rows = await db
    .select({ round: chainCursor.round })
    .from(chainCursor)
    .where(eq(chainCursor.name, name))
  return rows.at(0)?.round
}

/** Creates the cursor at `round` unless it exists. */
export async function createCursor(db: Db, name: string, round: bigint): Promise<void> {
  await db.insert(chainCursor).values({ name, round }).onConflictDoNothing()
}

/** The cursor, locked until the transaction ends. */
export async function lockCursor(db: Db, name: string): Promise<bigint | undefined> {
  const rows = await db
    .select({ round: chainCursor.round })
    .from(chainCursor)
    .where(eq(chainCursor.name, name))
    .for('update')
  return rows.at(0)?.round
}

/** Moves the cursor to `round`, whose block has the timestamp `blockTime` (unix seconds). */
export async function setCursor(
  db: Db,
  name: string,
  round: bigint,
  blockTime?: bigint,
): Promise<void> {
  await db
    .update(chainCursor)
    .set({ round, ...(blockTime !== undefined && { blockTime: unixDate(blockTime) }) })
    .where(eq(chainCursor.name, name))
}

/** The block time of the reader's last applied round, unix seconds; undefined before any. */
export async function readCursorTime(db: Db, name: string): Promise<bigint | undefined> {
  const rows = await db
    .select({ at: chainCursor.blockTime })
    .from(chainCursor)
    .where(eq(chainCursor.name, name))
  const at = rows.at(0)?.at
  return at === null || at === undefined ? undefined : BigInt(Math.floor(at.getTime() / 1000))
}

/** Unix seconds as a Date (a block timestamp is far inside Date's range). */
export const unixDate = (seconds: bigint): Date => new Date(Number(seconds) * 1000)

/**
 * Takes the transaction-scoped advisory lock of the reader `name` in this schema, or answers
 * false at once if another transaction holds it. Raw SQL: a lock is a function call on no table,
 * which Drizzle's builders do not express (and its `execute` answers differently per driver).
 */
export async function tryLockReader(session: RawSession, name: string): Promise<boolean> {
  const [{ locked }] = await session.query<{ locked: boolean }>(
    "SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || '.unica.' || $1)) AS locked",
    [name],
  )
  return locked
}
