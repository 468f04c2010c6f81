/** Whether the database answers (GET /api/health/, for load balancers). */
import { sql } from 'drizzle-orm'
import type { Db } from '../connection.js'

/** Resolves once the database has answered a trivial statement; rejects if it cannot. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`)
}
