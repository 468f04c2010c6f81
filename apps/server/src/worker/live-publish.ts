/**
 * The follower's publish step (docs/architecture.md "Live updates"): inside the transaction that
 * applies rounds, the live events describing them are stored, and their NOTIFY is delivered when
 * that transaction commits. A round replayed after a crash was never committed, so its events
 * were never stored or announced: each is published exactly once. The rounds' notifications
 * (worker/notify.ts) are stored and announced in the same transaction.
 */
import type { LiveAssetEvent, LiveOperationEvent } from '@unica/schemas'
import type { Session } from '../db/index.js'
import {
  appendLiveEvents,
  pruneLiveEvents,
  type NewLiveEvent,
} from '../db/repositories/live-events.js'
import { executedInRounds } from '../db/repositories/round-operations.js'
import { notifyRounds } from './notify.js'

export async function publishRounds(
  s: Session,
  first: bigint,
  last: bigint,
  touchedGuids: Iterable<string>,
): Promise<void> {
  const events: NewLiveEvent[] = []
  for (const op of await executedInRounds(s.db, first, last)) {
    const data: LiveOperationEvent = {
      guid: op.assetGuid,
      op_type: op.opType,
      value: op.value.toString(),
      sender: op.sender,
      counterparty: op.counterparty,
      tx_id: op.txId,
      round: op.round.toString(),
    }
    events.push({ kind: 'operation', data })
  }
  for (const guid of new Set(touchedGuids)) {
    const data: LiveAssetEvent = { guid }
    events.push({ kind: 'asset', data })
  }
  // Private: each only on its account's stream (the hub and the backlog filter by account).
  events.push(...(await notifyRounds(s.db, first, last)))
  if (events.length === 0) return
  await appendLiveEvents(s, events)
  await pruneLiveEvents(s)
}
