/**
 * `npm run devnet -- [--data DIR] [--algod-port N] [--indexer-port N] [--kmd-port N]
 * [--block-interval MS]`: runs the devnet until SIGINT or SIGTERM, then closes the servers and
 * the store and exits 0. Bad arguments print the usage and exit 2; a failure to start (a port in
 * use, a data directory held by another devnet) prints the reason and exits 1.
 */
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { DEFAULT_PORTS, startDevnet, type Devnet, type DevnetOptions } from './devnet.js'

export const USAGE = `Usage: npm run devnet -- [options]

Runs an offline Algorand devnet: algod, indexer and kmd REST APIs (LocalNet conventions).

Options:
  --data DIR             keep the chain (and kmd wallets) in DIR; in memory if absent
  --algod-port N         algod port (default ${DEFAULT_PORTS.algod.toString()}; 0 picks a free one)
  --indexer-port N       indexer port (default ${DEFAULT_PORTS.indexer.toString()}; 0 picks a free one)
  --kmd-port N           kmd port (default ${DEFAULT_PORTS.kmd.toString()}; 0 picks a free one)
  --block-interval MS    commit blocks every MS milliseconds; dev mode (a block per group,
                         at once) if absent
  -h, --help             show this help`

export class UsageError extends Error {}

export type CliCommand =
  { readonly help: true } | { readonly help: false; readonly options: DevnetOptions }

/** Reads the command line strictly: unknown flags, missing or malformed values are errors. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        data: { type: 'string' },
        'algod-port': { type: 'string' },
        'indexer-port': { type: 'string' },
        'kmd-port': { type: 'string' },
        'block-interval': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  if (values.help === true) return { help: true }
  const text = (name: string): string | undefined => {
    const value = values[name]
    return typeof value === 'string' ? value : undefined
  }
  const data = text('data')
  if (data === '') throw new UsageError('--data needs a directory')
  const blockInterval = text('block-interval')
  return {
    help: false,
    options: {
      dataDir: data,
      algodPort: port('--algod-port', text('algod-port')),
      indexerPort: port('--indexer-port', text('indexer-port')),
      kmdPort: port('--kmd-port', text('kmd-port')),
      blockIntervalMs:
        blockInterval === undefined
          ? undefined
          : integer('--block-interval', blockInterval, 1, 24 * 60 * 60 * 1000),
    },
  }
}

function port(flag: string, value: string | undefined): number | undefined {
  return value === undefined ? undefined : integer(flag, value, 0, 65535)
}

function integer(flag: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(
      `${flag} must be an integer from ${min.toString()} to ${max.toString()}, got "${value}"`,
    )
  }
  return Number(value)
}

function readyBanner(devnet: Devnet, options: DevnetOptions): string {
  const mode =
    options.blockIntervalMs === undefined
      ? 'dev mode: a block per group'
      : `a block every ${options.blockIntervalMs.toString()} ms`
  return [
    `devnet ready (${mode}; state ${options.dataDir === undefined ? 'in memory' : `in ${options.dataDir}`})`,
    `  algod    ${devnet.urls.algod}`,
    `  indexer  ${devnet.urls.indexer}`,
    `  kmd      ${devnet.urls.kmd}`,
    `  token    ${devnet.token}`,
    `  genesis  ${devnet.info.genesisId} ${devnet.info.genesisHash}`,
    `  usdc     asset id ${devnet.info.usdcAssetId.toString()}`,
    `  wallet   kmd "unencrypted-default-wallet" (empty password) holds every genesis key`,
    'Press Ctrl+C to stop.',
  ].join('\n')
}

function describeStartFailure(error: unknown): string {
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    return `a port is already in use (${error.message}); pick others with --algod-port, --indexer-port, --kmd-port`
  }
  return error instanceof Error ? error.message : String(error)
}

export async function main(argv: readonly string[]): Promise<void> {
  // A reader that went away (a closed pipe) must not crash us before we close the store.
  process.stdout.on('error', () => undefined)
  process.stderr.on('error', () => undefined)
  let command: CliCommand
  try {
    command = parseCliArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    process.stderr.write(`devnet: ${error.message}\n\n${USAGE}\n`)
    process.exitCode = 2
    return
  }
  if (command.help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }

  let devnet: Devnet
  try {
    devnet = await startDevnet(command.options)
  } catch (error) {
    process.stderr.write(`devnet: could not start: ${describeStartFailure(error)}\n`)
    process.exitCode = 1
    return
  }
  process.stdout.write(`${readyBanner(devnet, command.options)}\n`)

  let stopping = false
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      process.stderr.write(`devnet: ${signal} again, exiting without waiting\n`)
      process.exit(1)
    }
    stopping = true
    process.stdout.write(`devnet: ${signal}, stopping\n`)
    devnet.stop().then(
      () => {
        process.stdout.write('devnet: stopped\n')
        process.exit(0)
      },
      (error: unknown) => {
        process.stderr.write(`devnet: error while stopping: ${describeStartFailure(error)}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  stopWhenOrphaned(() => {
    stop('SIGTERM')
  })
}

/**
 * `npm run devnet` runs us under `sh -c`; a SIGTERM sent to npm kills the shell but not us, and we
 * would keep the ports. When our parent goes away we are re-parented, so we stop as on SIGTERM.
 */
function stopWhenOrphaned(onOrphaned: () => void): void {
  const parent = process.ppid
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer)
      onOrphaned()
    }
  }, 500)
  timer.unref()
}

/** True when this file is the program being run (not imported by a test). */
function isEntryPoint(): boolean {
  const entry = process.argv.at(1)
  if (entry === undefined) return false
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href
  } catch {
    return false
  }
}

if (isEntryPoint()) await main(process.argv.slice(2))
