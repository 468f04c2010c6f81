/**
 * `npm run server`: the API (and, by default, the worker) in one process. Configuration comes
 * from the environment (README). Waits for the chain to answer, applies migrations, listens, and
 * shuts down cleanly on SIGINT/SIGTERM.
 */
import { IpfsStore } from '@unica/ipfs'
import { buildApp } from './app.js'
import { connectChain, type Chain } from './chain/connection.js'
import { loadConfig, type ServerConfig } from './config.js'
import { migrate, openDatabase } from './db/index.js'
import { openStorage } from './media/open.js'
import { loadWorkerConfig } from './worker/config.js'
import { smtpMailer } from './email/mailer.js'
import { auctionSettlement, startWorker, type Worker } from './worker/index.js'

const config = loadConfig()
const { followerStartRound, operatorMnemonic } = loadWorkerConfig()
const chain = await waitForChain(config)
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: `${config.dataDir}/db`,
})
const applied = await migrate(database)
const mailer =
  config.smtpUrl === undefined ? undefined : smtpMailer(config.smtpUrl, config.smtpFrom)
const app = await buildApp({
  database,
  chain,
  storage: openStorage(config.storage),
  ipfs: await IpfsStore.open(config.ipfsDir),
  publicUrl: config.publicUrl,
  cookieSecret: config.cookieSecret,
  rateLimit: config.rateLimit,
  trustProxy: config.trustProxy,
  mailer,
  logger: true,
  ops: { maxLagRounds: config.readyMaxLagRounds, metricsToken: config.metricsToken },
  onOperationQueued: () => worker?.wake(),
})
if (applied.length > 0) app.log.info({ applied }, 'migrations applied')
const settle = config.runWorker
  ? await auctionSettlement(chain, operatorMnemonic, (message) => {
      app.log.warn(message)
    })
  : undefined
const worker: Worker | undefined = config.runWorker
  ? startWorker({
      database,
      algod: chain.algod,
      followerStartRound,
      ...(settle === undefined ? {} : { settle }),
      ...(mailer === undefined
        ? {}
        : {
            email: {
              mailer,
              publicUrl: config.publicUrl ?? `http://${config.host}:${String(config.port)}`,
            },
          }),
      log: (message, error) => {
        app.log.warn({ err: error }, message)
      },
    })
  : undefined

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    void app
      .close()
      .then(() => worker?.stop())
      .then(() => database.close())
      .finally(() => process.exit(0))
  })
}

await app.listen({ host: config.host, port: config.port })

/** The devnet or node may still be starting (npm start runs them together): retry for a while. */
async function waitForChain(c: ServerConfig): Promise<Chain> {
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      return await connectChain(c.chain)
    } catch (error) {
      if (Date.now() > deadline) throw error
      console.error(`waiting for algod at ${c.chain.algodUrl}: ${String(error)}`)
      await new Promise((r) => setTimeout(r, 1000))
    }
  }
}
