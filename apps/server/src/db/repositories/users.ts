/** Table `users`: who is staff. Unknown addresses are plain users (no row needed). */
import { and, asc, eq } from 'drizzle-orm'
import type { Db, RawSession } from '../connection.js'
import { users } from '../schema.js'

export async function isStaff(db: Db, address: string): Promise<boolean> {
  const rows = await db
    .select({ isStaff: users.isStaff })
    .from(users)
    .where(eq(users.address, address))
  return rows.at(0)?.isStaff === true
}

/** Every staff address, in order. */
export async function staffAddresses(db: Db): Promise<string[]> {
  const rows = await db
    .select({ address: users.address })
    .from(users)
    .where(eq(users.isStaff, true))
    .orderBy(asc(users.address))
  return rows.map((row) => row.address)
}

/**
 * Makes an account staff, or no longer staff, unchecked: for the demo seed and tests. Operators
 * use addStaff and removeStaff (the console, the admin CLI), which lock and keep one staff.
 */
export async function setStaff(db: Db, address: string, isStaff: boolean): Promise<void> {
  await db
    .insert(users)
    .values({ address, isStaff })
    .onConflictDoUpdate({ target: users.address, set: { isStaff } })
}

/**
 * Serialises every change of who is staff until the transaction ends: a transaction-scoped
 * advisory lock of this schema. Without it two removals of the last two staff, each counting two
 * staff in its own snapshot, would both succeed and leave none. Raw SQL: a lock is a function call
 * on no table, which Drizzle's builders do not express.
 */
export async function lockStaff(session: RawSession): Promise<void> {
  await session.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.unica.staff'))")
}

/** Makes `address` staff; answers whether it was not already (inside lockStaff's transaction). */
export async function addStaff(db: Db, address: string): Promise<boolean> {
  const was = await isStaff(db, address)
  if (!was) await setStaff(db, address, true)
  return !was
}

export type StaffRemoval = 'removed' | 'not-staff' | 'last'

/**
 * Removes `address` from staff unless it is the last staff account. Call it after lockStaff in the
 * same transaction, so the count it reads cannot change before its update commits.
 */
export async function removeStaff(db: Db, address: string): Promise<StaffRemoval> {
  const staff = await staffAddresses(db)
  if (!staff.includes(address)) return 'not-staff'
  if (staff.length <= 1) return 'last'
  await db
    .update(users)
    .set({ isStaff: false })
    .where(and(eq(users.address, address), eq(users.isStaff, true)))
  return 'removed'
}
