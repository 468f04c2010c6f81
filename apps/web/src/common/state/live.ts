/**
 * Live updates (docs/architecture.md "Live updates"): one EventSource on GET /api/events per tab.
 * Each event refreshes exactly the TanStack Query data it concerns (live-keys.ts: lists, the piece,
 * its history and price history, the activity feed, the home figures, creator and collector pages,
 * My bids), so they change in place without polling. The browser reconnects by itself, sending
 * the last event id so nothing is missed; after a refused connection (e.g. 503) we reconnect later
 * with the id in the query.
 */
import { API, LiveAssetEvent, LiveOperationEvent } from '@unica/schemas'
import { concernsAccount, refreshStale, type MarketEvent } from './live-keys.js'
import type { EventSourceLike, OpenEventSource } from './event-source.js'
import type { Services } from './services.js'
import { refreshAccount } from './session.js'

/** EventSource.CLOSED: the browser gave up (the server answered something else than a stream). */
const CLOSED = 2
const RETRY_MS = 5000

/** Opens the stream and keeps it open; answers the function that closes it. */
export function connectLive(services: Services, open: OpenEventSource, base: string): () => void {
  let source: EventSourceLike | null = null
  let lastId = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const on = (type: string, handle: (data: unknown) => void): void => {
    source?.addEventListener(type, (event) => {
      if (event.lastEventId !== '') lastId = event.lastEventId
      try {
        handle(JSON.parse(event.data))
      } catch {
        // A frame we cannot read changes nothing; the next one may.
      }
    })
  }

  const connect = (): void => {
    const query = lastId === '' ? '' : `?last_event_id=${encodeURIComponent(lastId)}`
    source = open(`${base}${API.streamEvents.path}${query}`)
    on('ready', () => undefined)
    const handle = (event: MarketEvent): void => {
      void refreshStale(services.queryClient, event)
      if (concernsAccount(event, services.store.get().address)) void refreshAccount(services)
    }
    on('reset', () => {
      handle({ kind: 'reset' })
    })
    on('asset', (data) => {
      handle({ kind: 'asset', data: LiveAssetEvent.parse(data) })
    })
    on('operation', (data) => {
      handle({ kind: 'operation', data: LiveOperationEvent.parse(data) })
    })
    // Only this signed-in account's stream carries its notifications: the bell refreshes.
    on('notification', () => {
      handle({ kind: 'notification' })
    })
    source.onerror = () => {
      if (stopped || source?.readyState !== CLOSED) return
      timer = setTimeout(connect, RETRY_MS)
    }
  }

  connect()
  return () => {
    stopped = true
    clearTimeout(timer)
    source?.close()
  }
}
