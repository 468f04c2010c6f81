/**
 * `npm start`: builds the web app if needed, starts devnet + server + worker + web on one origin
 * with data in DATA_DIR (default .data), seeds the demo on the first start, prints how to use it
 * and a line with `ready` and the URL. Ctrl-C (SIGINT), SIGTERM or SIGHUP stop everything
 * cleanly; a second signal exits at once.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EnvError, launchConfig, type LaunchConfig } from './env.js'
import { hasAssets, seedDemo, STAFF } from './seed/seed.js'
import { startUnica, type Unica } from './start.js'
import { buildWeb, webBuildNeeded } from './web-build.js'

/** Set by the signal handler while main() awaits. */
const run: { unica?: Unica; stopping: boolean } = { stopping: false }
/** A read the linter cannot narrow: the handler may change `run` at any await. */
const stopping = (): boolean => run.stopping

const say = (line = ''): void => {
  process.stdout.write(`${line}\n`)
}

async function main(): Promise<void> {
  let config: LaunchConfig
  try {
    config = launchConfig()
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    process.stderr.write(`unica: ${error.message}\n`)
    process.exit(2)
  }
  if (webBuildNeeded()) {
    say('Building the web app (apps/web/dist is missing or older than its sources)...')
    await buildWeb()
  }
  mkdirSync(config.options.dataDir, { recursive: true })

  const stop = (signal: NodeJS.Signals): void => {
    if (run.stopping) process.exit(1)
    run.stopping = true
    say(`\n${signal}: stopping...`)
    const done = run.unica?.stop() ?? Promise.resolve()
    void done.then(
      () => {
        say('stopped')
        process.exit(0)
      },
      (error: unknown) => {
        process.stderr.write(`unica: stop failed: ${String(error)}\n`)
        process.exit(1)
      },
    )
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop)

  say(`Starting Unica (data in ${config.options.dataDir})...`)
  const unica = await startUnica({
    ...config.options,
    log: (message) => {
      process.stderr.write(`${message}\n`)
    },
  })
  run.unica = unica
  if (stopping()) {
    await unica.stop()
    return
  }
  const { devnet } = unica
  // Written once the seed has finished, so an interrupted seed is reported, not taken for done.
  const seededMarker = join(config.options.dataDir, 'demo-seeded')
  if (devnet !== null && config.seed && !existsSync(seededMarker)) {
    if (await hasAssets(unica.database)) {
      say('Not seeding the demo: the database already holds NFTs (an interrupted seed?).')
      say(`Stop, delete ${config.options.dataDir} and start again for a fresh demo.`)
    } else {
      say('First start: seeding the demo through the real on-chain flows...')
      const seeded = await seedDemo(
        { url: unica.url, devnet, chain: unica.chain, database: unica.database },
        say,
      )
      writeFileSync(seededMarker, `${new Date().toISOString()} staff ${seeded.staff}\n`)
      say(`  staff account: ${seeded.staff}`)
    }
  }
  // A signal during the seed stops the server under it: the handler reports and exits.
  if (stopping()) return

  say()
  say(`Unica ${unica.chain.endpoints.network}: ${unica.url}`)
  say(`  API docs   ${unica.url}/api/docs`)
  if (devnet !== null) {
    say(`  algod      ${devnet.urls.algod}   (token ${devnet.token})`)
    say(`  indexer    ${devnet.urls.indexer}`)
    say(`  kmd        ${devnet.urls.kmd}`)
    say(`  explorer   ${devnet.urls.algod}/explorer`)
    say()
    const staff = devnet.info.accounts.find((a) => a.name === STAFF)?.address ?? STAFF
    say('Connect a wallet: open the URL, click "Connect to wallet", choose "KMD (devnet)", then')
    say('an account. KMD\'s "unencrypted-default-wallet" (empty password) holds every genesis')
    say(`account: ${STAFF} (${staff}) is staff and creates NFTs;`)
    say('Wallet3 to Wallet6 hold Algos and USDC to trade with; Wallet1 is the Algo dispenser.')
  }
  say()
  say(`ready: ${unica.url}  (Ctrl-C stops)`)
}

main().catch((error: unknown) => {
  if (stopping()) return
  process.stderr.write(`unica: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
