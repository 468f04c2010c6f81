import { users } from './schema.js'
import type { Db } from './connection.js'

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
