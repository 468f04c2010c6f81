/**
 * `npm run bench -- live`: the live stream (GET /api/events, docs/product.md §12 and
 * docs/architecture.md §4.4). For N connected SSE clients (BENCH_LIVE_CLIENTS, default
 * "1,100,1000"; the target is 5,000 on a dedicated machine), each of BENCH_LIVE_EVENTS
 * events (default 50) is committed the way the follower commits one (INSERT into live_events and
 * pg_notify in one transaction) and timed from its commit to its arrival at every client: p50 and
 * p99 to a client, and to the last client (fan-out). Beside it, in the same run, the baseline: the
 * same commit heard by a bare LISTEN in-process (the floor the hub adds its read and writes to).
 * Memory per connection is the RSS growth per client (clients and server share this process, so it
 * is an upper bound for the server's part). In-memory PGlite; with BENCH_DATABASE_URL, PostgreSQL.
 */
import { startDevnet } from '@unica/devnet'
import {
  buildApp,
  connectChain,
  devnetEndpoints,
  diskStorage,
  migrate,
  openDatabase,
  type Database,
} from '@unica/server'

const CLIENTS = (process.env.BENCH_LIVE_CLIENTS ?? '1,100,1000').split(',').map(Number)
const EVENTS = Number(process.env.BENCH_LIVE_EVENTS ?? '50')

const CHANNEL_SQL = "'unica_live_' || current_schema()"

/** Commits one event as the follower's publish step does; answers the commit's time (ms). */
async function commitEvent(database: Database, i: number): Promise<number> {
  await database.transaction(async (s) => {
    await s.query('INSERT INTO live_events (kind, data) VALUES ($1, $2)', [
      'asset',
      JSON.stringify({ guid: `bench-${String(i)}` }),
    ])
    await s.query(`SELECT pg_notify(${CHANNEL_SQL}, '')`)
  })
  return performance.now()
}

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN

const ms = (x: number): string => `${x.toFixed(2)} ms`

interface Client {
  /** Arrival time of each bench event, by its number. */
  readonly arrivals: Map<number, number>
  close(): void
}

async function connect(url: string): Promise<Client> {
  const abort = new AbortController()
  const response = await fetch(url, { signal: abort.signal })
  if (response.status !== 200 || response.body === null) {
    throw new Error(`GET /api/events answered ${String(response.status)}`)
  }
  const arrivals = new Map<number, number>()
  const decoder = new TextDecoder()
  void (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const now = performance.now()
        for (const match of decoder.decode(chunk, { stream: true }).matchAll(/bench-(\d+)/g)) {
          arrivals.set(Number(match[1]), now)
        }
      }
    } catch {
      // closed
    }
  })()
  return {
    arrivals,
    close: () => {
      abort.abort()
    },
  }
}

async function waitUntil(done: () => boolean, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > until) throw new Error('events did not arrive within 30 s')
    await new Promise((r) => setTimeout(r, 1))
  }
}

export async function main(): Promise<void> {
  const devnet = await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0 })
  const chain = await connectChain(devnetEndpoints(devnet))
  const url = process.env.BENCH_DATABASE_URL
  const database = await openDatabase({ url })
  await migrate(database)
  const app = await buildApp({
    database,
    chain,
    storage: diskStorage('/tmp/unica-bench-media'),
    publicUrl: 'http://bench.test',
    cookieSecret: 'bench-secret-bench-secret-bench-secret',
    rateLimit: { max: 1_000_000_000, windowMs: 60_000 },
    trustProxy: false,
  })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  console.log(
    `${url === undefined ? 'PGlite (in memory)' : 'PostgreSQL'}, ${String(EVENTS)} events per figure`,
  )
  let next = 0
  try {
    // Baseline: commit -> a bare LISTEN in this process.
    const [{ channel }] = await database.query<{ channel: string }>(
      `SELECT ${CHANNEL_SQL} AS channel`,
    )
    let heard = 0
    const unlisten = await database.listen(channel, () => {
      heard = performance.now()
    })
    const floor: number[] = []
    for (let i = 0; i < EVENTS; i++) {
      heard = 0
      const committed = await commitEvent(database, next++)
      await waitUntil(() => heard !== 0)
      floor.push(Math.max(0, heard - committed))
    }
    await unlisten()
    floor.sort((a, b) => a - b)
    console.log(
      `baseline  commit -> LISTEN in-process      p50 ${ms(quantile(floor, 0.5))}  p99 ${ms(quantile(floor, 0.99))}`,
    )

    for (const n of CLIENTS) {
      const rssBefore = process.memoryUsage().rss
      const clients: Client[] = []
      for (let i = 0; i < n; i++) clients.push(await connect(`${base}/api/events`))
      const perClient = (process.memoryUsage().rss - rssBefore) / n
      const toClient: number[] = []
      const toLast: number[] = []
      for (let i = 0; i < EVENTS; i++) {
        const id = next++
        const committed = await commitEvent(database, id)
        await waitUntil(() => clients.every((c) => c.arrivals.has(id)))
        let last = 0
        for (const c of clients) {
          const t = (c.arrivals.get(id) ?? committed) - committed
          toClient.push(Math.max(0, t))
          last = Math.max(last, t)
        }
        toLast.push(last)
      }
      for (const c of clients) c.close()
      toClient.sort((a, b) => a - b)
      toLast.sort((a, b) => a - b)
      console.log(
        `${String(n).padStart(5)} clients  commit -> each SSE client  p50 ${ms(quantile(toClient, 0.5))}  p99 ${ms(quantile(toClient, 0.99))}` +
          `   -> last client p99 ${ms(quantile(toLast, 0.99))}   RSS/connection ${(perClient / 1024).toFixed(1)} KiB`,
      )
      await new Promise((r) => setTimeout(r, 200))
    }
  } finally {
    await app.close()
    await database.close()
    await devnet.stop()
  }
}
