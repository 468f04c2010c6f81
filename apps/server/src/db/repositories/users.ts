/** Table `users`: who is staff. Unknown addresses are plain users (no row needed). */
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../connection.js'
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
 * Makes an account staff, or no longer staff: for operators (the admin CLI) and the demo seed,
 * never the public API.
 */
export async function setStaff(db: Db, address: string, isStaff: boolean): Promise<void> {
  await db
    .insert(users)
    .values({ address, isStaff })
    .onConflictDoUpdate({ target: users.address, set: { isStaff } })
}
