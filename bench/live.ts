/**
 * `npm run bench -- live`: the live stream (GET /api/events, docs/product.md §12 and
 * docs/architecture.md §4.4), the two figures of issue 16.
 *
 * 1. For N connected SSE clients (BENCH_LIVE_CLIENTS, default "100,1000,5000"), each of
 *    BENCH_LIVE_EVENTS events (default 50) is committed the way the follower commits one (INSERT
 *    into live_events and pg_notify in one transaction) and timed from its commit to its arrival
 *    at every client: p50, p95 and p99 to a client, and p99 to the last client of each event
 *    (fan-out). The clients run in BENCH_LIVE_PROCESSES child processes (default 2,
 *    live-clients.ts), bare sockets, so they do not take the measured server's CPU; times are on
 *    the machine-wide monotonic clock. Beside each figure: the server's memory growth per
 *    connection (RSS and JS heap, this process only, clients excluded), the server's CPU time per
 *    event (load-independent: what one fan-out costs), and the load average, since on a shared
 *    machine the latency says as much about the load as about the code. The baseline, in the
 *    same run: the same commit heard by a bare LISTEN in-process (the floor the hub adds its read
 *    and writes to). In-memory PGlite; with BENCH_DATABASE_URL, PostgreSQL.
 *    Needs about N + 100 file descriptors in this process and N / processes in each child
 *    (`ulimit -n`; the bench says so before it starts when the limit is lower).
 * 2. From a buy-now's confirmation to the change shown in a second browser: measured by the e2e
 *    suite (e2e/tests/live.spec.ts writes e2e/artifacts/live-latency.json); printed here as last
 *    measured, with its date.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type AddressInfo, type Socket } from 'node:net'
import { loadavg } from 'node:os'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
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
import { monotonicMs, type FromClients, type ToClients } from './live-clients.js'

const CLIENTS = (process.env.BENCH_LIVE_CLIENTS ?? '100,1000,5000').split(',').map(Number)
const EVENTS = Number(process.env.BENCH_LIVE_EVENTS ?? '50')
const PROCESSES = Number(process.env.BENCH_LIVE_PROCESSES ?? '2')

const CHANNEL_SQL = "'unica_live_' || current_schema()"

/** Where the e2e suite records the second browser's latency (e2e/tests/live.spec.ts). */
const E2E_LATENCY = new URL('../e2e/artifacts/live-latency.json', import.meta.url)

/** When this process last heard the live channel's notification (ms, monotonic). */
let heardAt = Number.POSITIVE_INFINITY

/**
 * Commits one event as the follower's publish step does; answers the commit's time (ms): when
 * the transaction returned or, when earlier, when this process heard its notification. PGlite
 * runs in this process and calls its listeners at the commit, before the transaction's promise
 * resolves, so the return alone would be late (and a fan-out done in the listener, as the bare
 * server's, would seem to take no time at all).
 */
async function commitEvent(database: Database, i: number): Promise<number> {
  heardAt = Number.POSITIVE_INFINITY
  await database.transaction(async (s) => {
    await s.query('INSERT INTO live_events (kind, data) VALUES ($1, $2)', [
      'asset',
      JSON.stringify({ guid: `bench-${String(i)}.` }),
    ])
    await s.query(`SELECT pg_notify(${CHANNEL_SQL}, '')`)
  })
  return Math.min(monotonicMs(), heardAt)
}

export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN

const ms = (x: number): string => `${x.toFixed(1)} ms`
const load = (): string => loadavg()[0].toFixed(1)

async function until(done: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${String(timeoutMs / 1000)} s`)
    await new Promise((r) => setTimeout(r, 1))
  }
}

/** N streams spread over the child processes; `arrived` collects what they report. */
interface Clients {
  readonly arrived: Map<number, number[][]>
  readonly processes: number
  close(): Promise<void>
}

async function openClients(url: string, n: number): Promise<Clients> {
  const processes = Math.max(1, Math.min(PROCESSES, n))
  const arrived = new Map<number, number[][]>()
  const children: ChildProcess[] = []
  let connected = 0
  let failure: string | undefined
  for (let p = 0; p < processes; p++) {
    const count = Math.floor(n / processes) + (p < n % processes ? 1 : 0)
    // Only the TypeScript loader: a --cpu-prof of this run profiles the server, not the clients.
    const child = fork(new URL('./live-clients.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
    })
    child.on('message', (message: FromClients) => {
      if (message.type === 'connected') connected++
      else if (message.type === 'failed') failure ??= message.message
      else arrived.set(message.event, [...(arrived.get(message.event) ?? []), message.times])
    })
    child.send({ type: 'open', url, count } satisfies ToClients)
    children.push(child)
  }
  await until(
    () => {
      if (failure !== undefined) throw new Error(`SSE clients: ${failure}`)
      return connected === processes
    },
    `${String(n)} SSE clients connecting`,
  )
  return {
    arrived,
    processes,
    close: async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise((resolve) => {
              child.once('exit', resolve)
              child.send({ type: 'close' } satisfies ToClients)
            }),
        ),
      )
    },
  }
}

function needDescriptors(): void {
  const most = Math.max(...CLIENTS)
  // The soft limit as this process sees it (ulimit -n); Linux only, else skipped.
  let limit: number | undefined
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'))
    limit = line === undefined ? undefined : Number(line.split(/\s+/)[3])
  } catch {
    limit = undefined
  }
  if (limit !== undefined && limit < most + 100) {
    throw new Error(
      `${String(most)} clients need about ${String(most + 100)} open files; ulimit -n is ${String(limit)} (raise it: ulimit -n ${String(most + 1000)})`,
    )
  }
}

/** The e2e suite's last measured second-browser latency, or why there is none. */
function lastBrowserLatency(): string {
  try {
    const figure = JSON.parse(readFileSync(E2E_LATENCY, 'utf8')) as {
      ms: number
      notificationMs: number
      buyerAlertMs: number
      measuredAt: string
      load: number
    }
    return (
      `${ms(figure.ms)} (its bell ${ms(figure.notificationMs)}; the buyer's own alert ${ms(figure.buyerAlertMs)})` +
      `   target <= 1,000 ms; measured ${figure.measuredAt} by e2e/tests/live.spec.ts at load ${String(figure.load)}`
    )
  } catch {
    return 'not measured yet: run `npx playwright test -c e2e tests/live.spec.ts`'
  }
}

/** Collects the heap now when it can (memory per connection is read between two collections). */
const collect: () => void = (() => {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
})()

/**
 * The floor under the hub's fan-out: a bare `node:net` server in this process that answers any
 * request with a minimal event stream and, when the database notifies the commit, writes one
 * frame (one Buffer) to each socket. What the hub adds to it is its read of the event, Fastify's
 * HTTP response and its own bookkeeping.
 */
async function bareServer(
  database: Database,
  channel: string,
): Promise<{ url: string; next: (id: number) => void; close: () => Promise<void> }> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    socket.setNoDelay(true)
    socket.once('data', () => {
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\nevent: ready\ndata: {}\n\n',
      )
      sockets.add(socket)
    })
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  let id = -1
  const unlisten = await database.listen(channel, () => {
    const frame = Buffer.from(`data: bench-${String(id)}.\n\n`)
    for (const socket of sockets) socket.write(frame)
  })
  return {
    url: `http://127.0.0.1:${String(port)}/api/events`,
    next: (n) => {
      id = n
    },
    close: async () => {
      await unlisten()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

interface Figure {
  readonly toClient: number[]
  readonly toLast: number[]
  /** Server CPU per event, ms. */
  readonly cpuMs: number
  readonly rssPerConnection: number
  readonly heapPerConnection: number
  readonly load: string
}

/** N clients on `url`; EVENTS commits, each timed to its arrival at every client. */
async function fanOut(
  url: string,
  n: number,
  commit: (id: number) => Promise<number>,
  nextId: () => number,
): Promise<Figure> {
  collect()
  const before = process.memoryUsage()
  const clients = await openClients(url, n)
  collect()
  const after = process.memoryUsage()
  const loadBefore = load()
  const toClient: number[] = []
  const toLast: number[] = []
  const cpuBefore = process.cpuUsage()
  try {
    for (let i = 0; i < EVENTS; i++) {
      const id = nextId()
      const committed = await commit(id)
      await until(
        () => (clients.arrived.get(id)?.length ?? 0) === clients.processes,
        `event ${String(id)} at ${String(n)} clients`,
      )
      let last = 0
      for (const times of clients.arrived.get(id) ?? []) {
        for (const t of times) {
          toClient.push(Math.max(0, t - committed))
          last = Math.max(last, t - committed)
        }
      }
      clients.arrived.delete(id)
      toLast.push(last)
    }
  } finally {
    await clients.close()
  }
  const cpu = process.cpuUsage(cpuBefore)
  toClient.sort((a, b) => a - b)
  toLast.sort((a, b) => a - b)
  return {
    toClient,
    toLast,
    cpuMs: (cpu.user + cpu.system) / 1000 / EVENTS,
    rssPerConnection: (after.rss - before.rss) / n,
    heapPerConnection: (after.heapUsed - before.heapUsed) / n,
    load: `${loadBefore} -> ${load()}`,
  }
}

function printFigure(label: string, n: number, f: Figure): void {
  const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`
  console.log(
    `${String(n).padStart(5)} clients  ${label.padEnd(4)} commit -> each client  p50 ${ms(quantile(f.toClient, 0.5))}  p95 ${ms(quantile(f.toClient, 0.95))}  p99 ${ms(quantile(f.toClient, 0.99))}` +
      `   -> last client p99 ${ms(quantile(f.toLast, 0.99))}   server CPU/event ${ms(f.cpuMs)}` +
      `   per connection RSS ${kib(f.rssPerConnection)} heap ${kib(f.heapPerConnection)}   load ${f.load}`,
  )
}

export async function main(): Promise<void> {
  needDescriptors()
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
    `${url === undefined ? 'PGlite (in memory)' : 'PostgreSQL'}, ${String(EVENTS)} events per figure, clients in ${String(PROCESSES)} processes; "bare": a bare node:net server writing one Buffer per socket, "hub": GET /api/events`,
  )
  let next = 0
  const nextId = (): number => next++
  try {
    // Baseline: commit -> a bare LISTEN in this process; it also stamps every later commit
    // (listening before the bare server does, so before it writes).
    const [{ channel }] = await database.query<{ channel: string }>(
      `SELECT ${CHANNEL_SQL} AS channel`,
    )
    const unlisten = await database.listen(channel, () => {
      heardAt = monotonicMs()
    })
    const floor: number[] = []
    for (let i = 0; i < EVENTS; i++) {
      await database.transaction(async (s) => {
        heardAt = Number.POSITIVE_INFINITY
        await s.query(`SELECT pg_notify(${CHANNEL_SQL}, '')`)
      })
      const returned = monotonicMs()
      await until(() => heardAt !== Number.POSITIVE_INFINITY, 'the bare LISTEN')
      floor.push(heardAt - returned)
    }
    floor.sort((a, b) => a - b)
    console.log(
      `baseline     transaction returned -> LISTEN in-process  p50 ${ms(quantile(floor, 0.5))}  p99 ${ms(quantile(floor, 0.99))} (negative: heard before the return)   load ${load()}`,
    )

    const bare = await bareServer(database, channel)
    try {
      for (const n of CLIENTS) {
        const commitBare = (id: number): Promise<number> => {
          bare.next(id)
          return commitEvent(database, id)
        }
        printFigure('bare', n, await fanOut(bare.url, n, commitBare, nextId))
        await new Promise((r) => setTimeout(r, 500))
        const commitHub = (id: number): Promise<number> => commitEvent(database, id)
        printFigure('hub', n, await fanOut(`${base}/api/events`, n, commitHub, nextId))
        await new Promise((r) => setTimeout(r, 500))
      }
    } finally {
      await bare.close()
      await unlisten()
    }
    console.log(`second browser  buy-now confirmed -> shown  ${lastBrowserLatency()}`)
  } finally {
    await app.close()
    await database.close()
    await devnet.stop()
  }
}
