/**
 * What /readyz and /metrics read from the database: the follower's cursor (through chain-cursor),
 * operations counted by status, and the sender's queue. Counts are over the whole table, once per
 * scrape (Prometheus scrapes every 15-60 s), not per request.
 */
import { and, count, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { OPERATION_STATUSES, operations } from '../schema.js'

export type OperationStatus = (typeof OPERATION_STATUSES)[number]

/** Operations by status (every status present, 0 when none). */
export async function operationsByStatus(db: Db): Promise<Record<OperationStatus, number>> {
  const rows = await db
    .select({ status: operations.status, n: count() })
    .from(operations)
    .groupBy(operations.status)
  const out = Object.fromEntries(OPERATION_STATUSES.map((s) => [s, 0])) as Record<
    OperationStatus,
    number
  >
  for (const row of rows) out[row.status] = row.n
  return out
}

/** Signed groups the sender has still to get on chain (pending, or submitted and unconfirmed). */
export async function senderQueueDepth(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(operations)
    .where(
      and(isNotNull(operations.signedGroup), inArray(operations.status, ['pending', 'submitted'])),
    )
  return row.n
}
