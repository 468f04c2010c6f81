/**
 * `npm run cluster`: the devnet, PostgreSQL, three API instances, one worker and nginx in front
 * (src/cluster.ts), until Ctrl-C. Prints nginx's URL; INSTANCES, WORKERS and PORT change the shape.
 */
import { Cluster } from './cluster.js'

const say = (line: string): void => {
  process.stdout.write(`${line}\n`)
}

function whole(name: string, fallback: number, max: number): number {
  const text = process.env[name]
  const n = text === undefined || text === '' ? fallback : Number(text)
  if (!Number.isSafeInteger(n) || n < 1 || n > max) {
    process.stderr.write(`cluster: ${name} must be a whole number from 1 to ${String(max)}\n`)
    process.exit(2)
  }
  return n
}

const instances = whole('INSTANCES', 3, 16)
const workers = whole('WORKERS', 1, 16)
/** nginx's port; by default a free one. */
const port = process.env.PORT === undefined ? undefined : whole('PORT', 8080, 65535)
say('Starting the cluster (devnet, PostgreSQL, API instances, worker, nginx)...')
const cluster = await Cluster.start({ instances, workers, port, log: say })
say(`ready: ${cluster.url}  (nginx; /readyz, /metrics; Ctrl-C stops everything)`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1)
    stopping = true
    say(`\n${signal}: stopping...`)
    cluster.stop().then(
      () => {
        say('stopped')
        process.exit(0)
      },
      (error: unknown) => {
        process.stderr.write(`cluster: stop failed: ${String(error)}\n`)
        process.exit(1)
      },
    )
  })
}
