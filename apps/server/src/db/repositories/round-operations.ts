/** The operations the follower recorded for a range of rounds (what the live stream announces). */
import { and, asc, between, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { operations } from '../schema.js'

export interface RoundOperation {
  readonly assetGuid: string
  readonly opType: string
  readonly value: bigint
  readonly sender: string
  readonly counterparty: string | null
  readonly txId: string | null
  readonly round: bigint
}

export async function executedInRounds(
  db: Db,
  first: bigint,
  last: bigint,
): Promise<RoundOperation[]> {
  const rows = await db
    .select({
      assetGuid: operations.assetGuid,
      opType: operations.opType,
      value: operations.value,
      sender: operations.sender,
      counterparty: operations.counterparty,
      txId: operations.txId,
      round: operations.round,
    })
    .from(operations)
    .where(
      and(
        eq(operations.status, 'executed'),
        between(operations.round, first, last),
        isNotNull(operations.assetGuid),
      ),
    )
    .orderBy(asc(operations.round), asc(operations.id))
  return rows.map((r) => ({
    assetGuid: r.assetGuid ?? '',
    opType: r.opType,
    value: r.value,
    sender: r.sender,
    counterparty: r.counterparty,
    txId: r.txId,
    round: r.round ?? first,
  }))
}
