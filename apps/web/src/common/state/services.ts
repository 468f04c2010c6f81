/**
 * What every screen uses: configuration, the API, the store, the action queue, the query client,
 * and the chain session (algosdk and the wallets), which loads only when first needed.
 */
import { QueryClient } from '@tanstack/react-query'
import { createContext, useContext } from 'react'
import { createApiClient, type ApiClient } from '@unica/schemas'
import type { ChainSession } from '../chain/session.js'
import { API_BASE, type AppConfig } from '../lib/config.js'
import type { OpenEventSource } from './event-source.js'
import { ActionQueue } from './queue.js'
import { createStore, type Store } from './store.js'

export interface Services {
  readonly config: AppConfig
  readonly api: ApiClient
  readonly store: Store
  readonly queue: ActionQueue
  readonly queryClient: QueryClient
  readonly chain: () => Promise<ChainSession>
  /** Opens GET /api/events (state/live.ts); null where the platform has no EventSource. */
  readonly openEvents: OpenEventSource | null
}

export interface ServiceOptions {
  readonly fetch?: typeof fetch
  readonly store?: Store
  /** Replaces the lazily loaded chain session (component tests without a wallet). */
  readonly chain?: () => Promise<ChainSession>
  /** Replaces the browser's EventSource (component tests drive the live stream themselves). */
  readonly openEvents?: OpenEventSource | null
}

export function createServices(config: AppConfig, options: ServiceOptions = {}): Services {
  const store = options.store ?? createStore()
  const api = createApiClient({
    baseUrl: API_BASE,
    viewAs: () => store.get().address,
    fetch: options.fetch,
  })
  const queue = new ActionQueue({
    onFlags: (flags) => {
      store.set(flags)
    },
  })
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, staleTime: 10_000, refetchOnWindowFocus: false } },
  })
  let session: Promise<ChainSession> | null = null
  const chain =
    options.chain ??
    (() => {
      session ??= import('../chain/session.js').then((m) => m.createSession(config))
      return session
    })
  const openEvents =
    options.openEvents !== undefined
      ? options.openEvents
      : typeof EventSource === 'undefined'
        ? null
        : (url: string) => new EventSource(url)
  return { config, api, store, queue, queryClient, chain, openEvents }
}

export const ServicesContext = createContext<Services | null>(null)

export function useServices(): Services {
  const s = useContext(ServicesContext)
  if (s === null) throw new Error('useServices outside ServicesContext')
  return s
}
