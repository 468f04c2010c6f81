/**
 * Live updates (docs/architecture.md "Live updates"): one EventSource on GET /api/events per tab.
 * Each event refreshes exactly the TanStack Query data it concerns, so lists, the asset page, its
 * history and My bids change in place without polling. The browser reconnects by itself, sending
 * the last event id so nothing is missed; after a refused connection (e.g. 503) we reconnect later
 * with the id in the query.
 */
import { API, LiveAssetEvent, LiveOperationEvent } from '@unica/schemas'
import { invalidateMarket, keys } from '../lib/endpoints.js'
import { personalKeys } from '../personal/queries.js'
import type { Services } from './services.js'
import { refreshAccount } from './session.js'

/** What we use of the browser's EventSource (component tests hand in their own). */
export interface EventSourceLike {
  readonly readyState: number
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void
  onerror: ((event: Event) => void) | null
  close(): void
}

export type OpenEventSource = (url: string) => EventSourceLike

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
    on('reset', () => {
      void invalidateMarket(services.queryClient)
      void services.queryClient.invalidateQueries({ queryKey: personalKeys.notifications })
      void refreshAccount(services)
    })
    on('asset', (data) => {
      const { guid } = LiveAssetEvent.parse(data)
      const client = services.queryClient
      void client.invalidateQueries({ queryKey: keys.asset(guid) })
      void client.invalidateQueries({ queryKey: keys.operations(guid) })
      void client.invalidateQueries({ queryKey: ['assets'] })
    })
    on('operation', (data) => {
      const op = LiveOperationEvent.parse(data)
      void services.queryClient.invalidateQueries({ queryKey: keys.operations(op.guid) })
      // My bids reads the account's bids from the chain: reload it after its own trades.
      if (op.sender === services.store.get().address) void refreshAccount(services)
    })
    // Only this signed-in account's stream carries its notifications: the bell refreshes.
    on('notification', () => {
      void services.queryClient.invalidateQueries({ queryKey: personalKeys.notifications })
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
