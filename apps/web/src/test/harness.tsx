/**
 * Component-test harness: the real app and services over a fake backend (a fetch double answering
 * the REST API). No chain session: screens that would reach algod or a wallet get an error, so
 * these tests cover only what renders from the backend and the store.
 */
import type { Asset, Operation } from '@unica/schemas'
import { render } from '@testing-library/react'
import { App } from '../app.js'
import type { AppConfig } from '../common/lib/config.js'
import type { EventSourceLike, OpenEventSource } from '../common/state/event-source.js'
import { createServices, type Services } from '../common/state/services.js'
import { createStore, initialState, type AppState } from '../common/state/store.js'

export const CONFIG: AppConfig = {
  network: 'devnet',
  genesisId: 'devnet-v1',
  algodUrl: 'http://localhost:4001',
  algodToken: 'a'.repeat(64),
  indexerUrl: 'http://localhost:8980',
  kmdUrl: 'http://localhost:4002',
  usdcId: 1001n,
  usdcDecimals: 6,
  explorerUrl: 'http://localhost:4001/explorer',
}

export const ALICE = `ALI${'A'.repeat(52)}XYZ`
export const BOB = `BOB${'B'.repeat(52)}234`

export function asset(over: Partial<Asset> = {}): Asset {
  return {
    guid: '0123456789abcdef0123456789abcdef',
    asset_id: '2001',
    application_id: '3001',
    contract_version: 1,
    royalty: null,
    escrow_address: null,
    status: 'RD',
    name: 'Sunrise',
    unit_name: 'SUN',
    description: 'A sunrise.',
    image: '/media/sunrise.png',
    thumbnail: null,
    creator_address: ALICE,
    owner_address: ALICE,
    holding_address: ALICE,
    price: null,
    highest_bid: null,
    created_at: '2026-11-20T10:00:00Z',
    ...over,
  }
}

export function operation(over: Partial<Operation> = {}): Operation {
  return {
    operation_id: '1',
    asset_guid: '0123456789abcdef0123456789abcdef',
    application_id: '3001',
    op_type: 'ASK',
    value: '5000000',
    sender: ALICE,
    tx_id: 'TXID'.padEnd(52, 'Q'),
    round: '10',
    block_time: '2026-11-20T10:00:00Z',
    is_pending: false,
    is_executed: true,
    created_at: '2026-11-20T10:00:00Z',
    ...over,
  }
}

export const page = <T,>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
})

export type Route = (url: URL, init: RequestInit | undefined) => Response | undefined

/** A fetch double: the first route answering wins; unknown requests answer 404. */
export function backend(...routes: Route[]) {
  const requests: { url: URL; init: RequestInit | undefined }[] = []
  const fetchImpl = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const url = new URL(raw, 'http://app.test')
    requests.push({ url, init })
    if (url.pathname === '/api/token/') return Promise.resolve(Response.json({ token: 't' }))
    for (const r of routes) {
      const res = r(url, init)
      if (res !== undefined) return Promise.resolve(res)
    }
    return Promise.resolve(Response.json({ detail: 'Not found.' }, { status: 404 }))
  }
  return { requests, fetch: fetchImpl }
}

export function renderApp(
  path: string,
  {
    state = {},
    routes = [],
    events = null,
  }: { state?: Partial<AppState>; routes?: Route[]; events?: OpenEventSource | null } = {},
): { services: Services; requests: ReturnType<typeof backend>['requests'] } {
  const fake = backend(...routes)
  const store = createStore({ ...initialState(), ...state })
  const services = createServices(CONFIG, {
    fetch: fake.fetch,
    store,
    chain: () => Promise.reject(new Error('no chain session in component tests')),
    openEvents: events,
  })
  render(<App services={services} initialPath={path} restore={false} />)
  return { services, requests: fake.requests }
}

/** A connected account in the store. */
export function connected(address: string, isStaff: boolean): Partial<AppState> {
  return { walletName: 'kmd', accounts: [address], address, user: { isStaff } }
}

/**
 * The server's side of GET /api/events in component tests: `open` is what the app connects
 * with; `emit` delivers an event as the browser's EventSource would.
 */
export function liveStream() {
  const listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>()
  const urls: string[] = []
  const open: OpenEventSource = (url) => {
    urls.push(url)
    const source: EventSourceLike = {
      readyState: 1,
      onerror: null,
      addEventListener: (type, listener) => {
        listeners.set(type, [...(listeners.get(type) ?? []), listener])
      },
      close: () => {
        listeners.clear()
      },
    }
    return source
  }
  const emit = (type: string, data: unknown, id: string): void => {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId: id })
    for (const listener of listeners.get(type) ?? []) listener(event)
  }
  return { open, emit, urls }
}
