/** Table `chain_cursor`: the last round a chain reader (the follower) applied, by name. */
import { eq } from 'drizzle-orm'
import type { Db, RawSession } from '../connection.js'
import { chainCursor } from '../schema.js'

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

export async function setCursor(db: Db, name: string, round: bigint): Promise<void> {
  await db.update(chainCursor).set({ round }).where(eq(chainCursor.name, name))
}

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
