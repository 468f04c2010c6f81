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
import { loadavg } from 'node:os'
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

/** Commits one event as the follower's publish step does; answers the commit's time (ms). */
async function commitEvent(database: Database, i: number): Promise<number> {
  await database.transaction(async (s) => {
    await s.query('INSERT INTO live_events (kind, data) VALUES ($1, $2)', [
      'asset',
      JSON.stringify({ guid: `bench-${String(i)}.` }),
    ])
    await s.query(`SELECT pg_notify(${CHANNEL_SQL}, '')`)
  })
  return monotonicMs()
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
      measuredAt: string
      from: string
      to: string
    }
    return `${ms(figure.ms)} (${figure.from} -> ${figure.to}; measured ${figure.measuredAt} by e2e/tests/live.spec.ts; target <= 1,000 ms)`
  } catch {
    return 'not measured yet: run `npx playwright test -c e2e tests/live.spec.ts`'
  }
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
    `${url === undefined ? 'PGlite (in memory)' : 'PostgreSQL'}, ${String(EVENTS)} events per figure, clients in ${String(PROCESSES)} processes`,
  )
  let next = 0
  try {
    // Baseline: commit -> a bare LISTEN in this process.
    const [{ channel }] = await database.query<{ channel: string }>(
      `SELECT ${CHANNEL_SQL} AS channel`,
    )
    let heard = 0
    const unlisten = await database.listen(channel, () => {
      heard = monotonicMs()
    })
    const floor: number[] = []
    for (let i = 0; i < EVENTS; i++) {
      heard = 0
      const committed = await commitEvent(database, next++)
      await until(() => heard !== 0, 'the bare LISTEN')
      floor.push(Math.max(0, heard - committed))
    }
    await unlisten()
    floor.sort((a, b) => a - b)
    console.log(
      `baseline     commit -> LISTEN in-process  p50 ${ms(quantile(floor, 0.5))}  p99 ${ms(quantile(floor, 0.99))}   load ${load()}`,
    )

    for (const n of CLIENTS) {
      global.gc?.()
      const before = process.memoryUsage()
      const clients = await openClients(`${base}/api/events`, n)
      global.gc?.()
      const after = process.memoryUsage()
      const loadBefore = load()
      const toClient: number[] = []
      const toLast: number[] = []
      const cpuBefore = process.cpuUsage()
      for (let i = 0; i < EVENTS; i++) {
        const id = next++
        const committed = await commitEvent(database, id)
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
      const cpu = process.cpuUsage(cpuBefore)
      await clients.close()
      toClient.sort((a, b) => a - b)
      toLast.sort((a, b) => a - b)
      const kib = (bytes: number): string => `${(bytes / n / 1024).toFixed(1)} KiB`
      console.log(
        `${String(n).padStart(5)} clients  commit -> each client  p50 ${ms(quantile(toClient, 0.5))}  p95 ${ms(quantile(toClient, 0.95))}  p99 ${ms(quantile(toClient, 0.99))}` +
          `   -> last client p99 ${ms(quantile(toLast, 0.99))}` +
          `   server CPU/event ${ms((cpu.user + cpu.system) / 1000 / EVENTS)}` +
          `   per connection RSS ${kib(after.rss - before.rss)} heap ${kib(after.heapUsed - before.heapUsed)}` +
          `   load ${loadBefore} -> ${load()}`,
      )
      await new Promise((r) => setTimeout(r, 500))
    }
    console.log(`second browser  buy-now confirmed -> shown  ${lastBrowserLatency()}`)
  } finally {
    await app.close()
    await database.close()
    await devnet.stop()
  }
}
