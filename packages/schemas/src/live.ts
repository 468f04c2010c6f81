/**
 * GET /api/events: the live stream (Server-Sent Events, docs/architecture.md "Live updates").
 * Each event has an `id` (what a reconnecting browser sends back as Last-Event-ID), a name (the
 * `kind` below) and one line of JSON data, typed here for server and web alike.
 */
import { z } from 'zod'

/** `?last_event_id=` does what the Last-Event-ID header does, for clients that cannot set it. */
export const EventsQuery = z.object({
  last_event_id: z.string().optional(),
})

/** Last-Event-ID: a stored event's id, a decimal below 2^63. */
export const LAST_EVENT_ID_PATTERN = /^(0|[1-9][0-9]{0,18})$/

export function parseLastEventId(text: string): bigint | undefined {
  if (!LAST_EVENT_ID_PATTERN.test(text)) return undefined
  const id = BigInt(text)
  return id <= 2n ** 63n - 1n ? id : undefined
}

/** An asset's price, owner, status or bids changed on chain: reload it and the lists. */
export const LiveAssetEvent = z.object({ guid: z.string() })
export type LiveAssetEvent = z.infer<typeof LiveAssetEvent>

/** A manager call was recorded in the history (whoever sent it). */
export const LiveOperationEvent = z.object({
  guid: z.string(),
  op_type: z.string(),
  value: z.string(),
  sender: z.string(),
  /** Additive: the sale's or refunded bid's other party (Operation.counterparty), or null. */
  counterparty: z.string().nullable().optional(),
  tx_id: z.string().nullable(),
  round: z.string(),
})
export type LiveOperationEvent = z.infer<typeof LiveOperationEvent>

/**
 * The event names: `ready` (the stream starts; its id is where a reconnect resumes), `reset`
 * (events were missed beyond what is kept: reload everything), `asset`, `operation`, and
 * `notification` (a personal.ts Notification, only on its own account's signed-in stream).
 */
export const LIVE_EVENT_KINDS = ['ready', 'reset', 'asset', 'operation', 'notification'] as const
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number]

/** What the OpenAPI page says GET /api/events answers (a text/event-stream, never JSON). */
export const EventStream = z
  .string()
  .describe(
    'text/event-stream: frames `id`, `event` (ready, reset, asset, operation, notification) and one line of JSON `data`; comment heartbeats',
  )
