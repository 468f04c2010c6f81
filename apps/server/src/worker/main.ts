/**
 * `npm run worker`: the operation sender and the chain follower as a process of their own, next to
 * API instances started with RUN_WORKER=false, all sharing one PostgreSQL (DATABASE_URL). Several
 * worker processes may run: senders claim disjoint rows, and one follower at a time applies rounds.
 * Stops cleanly on SIGINT/SIGTERM (a round in progress commits or rolls back whole).
 */
import pino from 'pino'
import { connectChain } from '../chain/connection.js'
import { loadConfig } from '../config.js'
import { smtpMailer } from '../email/mailer.js'
import { migrate, openDatabase } from '../db/index.js'
import { loadWorkerConfig } from './config.js'
import { auctionSettlement, startWorker } from './index.js'

/** JSON lines on stdout, as the API's logs (Fastify's pino). */
const log = pino({ base: { pid: process.pid, name: 'worker' } })

async function main(): Promise<void> {
  const config = loadConfig()
  const { followerStartRound, operatorMnemonic } = loadWorkerConfig()
  if (config.databaseUrl === undefined) {
    // PGlite is a single process's database: the server runs the worker inside itself instead.
    console.error(
      'npm run worker needs DATABASE_URL (a PostgreSQL shared with the API instances).\n' +
        'With the embedded database, `npm run server` runs the worker in-process.',
    )
    process.exit(2)
  }
  const database = await openDatabase({ url: config.databaseUrl })
  await migrate(database)
  const chain = await connectChain(config.chain)
  const settle = await auctionSettlement(chain, operatorMnemonic, (message) => {
    console.error(message)
  })
  const worker = startWorker({
    database,
    algod: chain.algod,
    followerStartRound,
    // One follower among worker processes; the others stand by (worker/leadership.ts).
    followerLease: {
      onChange: (event) => {
        log.info({ follower: event }, `follower: ${event}`)
      },
    },
    ...(settle === undefined ? {} : { settle }),
    // SMTP_URL set: this worker mails notifications too (links point to PUBLIC_URL).
    ...(config.smtpUrl === undefined
      ? {}
      : {
          email: {
            mailer: smtpMailer(config.smtpUrl, config.smtpFrom),
            publicUrl: config.publicUrl ?? `http://${config.host}:${String(config.port)}`,
          },
        }),
    log: (message, error) => {
      log.warn({ err: error }, message)
    },
  })
  log.info({ algod: config.chain.algodUrl }, 'worker running')
  let stopping = false
  const stop = (): void => {
    if (stopping) process.exit(1)
    stopping = true
    void worker
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
