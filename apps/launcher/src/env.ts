/**
 * `npm start`'s configuration from environment variables (README "Configuration"). The embedded
 * devnet is the default; NETWORK=testnet|mainnet|localnet uses that network's algod and indexer
 * through the server's own configuration (apps/server/src/config.ts: ALGOD_URL, INDEXER_URL,
 * tokens, USDC_ID defaulting to Circle's USDC, DATABASE_URL, COOKIE_SECRET, ...).
 */
import { resolve } from 'node:path'
import { loadConfig } from '@unica/server'
import type { UnicaOptions } from './start.js'

export class EnvError extends Error {}

export interface LaunchConfig {
  readonly options: UnicaOptions & { readonly dataDir: string }
  /** Seed the demo on the first start (devnet only; SEED=false turns it off). */
  readonly seed: boolean
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim()
  if (text === undefined || text === '') return fallback
  if (!/^[0-9]{1,5}$/.test(text) || Number(text) > 65535) {
    throw new EnvError(`${name} must be a port number (0-65535), not '${text}'`)
  }
  return Number(text)
}

export function launchConfig(env: NodeJS.ProcessEnv = process.env): LaunchConfig {
  const dataDir = resolve(env.DATA_DIR?.trim() || '.data')
  const network = env.NETWORK?.trim() || 'devnet'
  // The server's loader validates NETWORK and the chain settings, and keeps the CSRF cookie
  // secret in the data directory so sessions survive a restart.
  let server: ReturnType<typeof loadConfig>
  try {
    server = loadConfig({ ...env, DATA_DIR: dataDir, PORT: '0' })
  } catch (error) {
    throw new EnvError(error instanceof Error ? error.message : String(error))
  }
  const common = {
    dataDir,
    host: env.HOST?.trim() || '127.0.0.1',
    port: port(env, 'PORT', 8000),
    cookieSecret: server.cookieSecret,
    // Disk in DATA_DIR/media unless MEDIA_DIR or S3_BUCKET say otherwise.
    storage: server.storage,
    // DATA_DIR/ipfs unless IPFS_DIR says otherwise.
    ipfsDir: server.ipfsDir,
    rateLimitMax: server.rateLimit.max,
    trustProxy: server.trustProxy,
    ...(server.publicUrl === undefined ? {} : { publicUrl: server.publicUrl }),
    ...(server.databaseUrl === undefined ? {} : { databaseUrl: server.databaseUrl }),
    ...(env.OPERATOR_MNEMONIC?.trim() ? { operatorMnemonic: env.OPERATOR_MNEMONIC.trim() } : {}),
  }
  if (network === 'devnet') {
    return {
      options: {
        ...common,
        devnetPorts: {
          algod: port(env, 'ALGOD_PORT', 0),
          indexer: port(env, 'INDEXER_PORT', 0),
          kmd: port(env, 'KMD_PORT', 0),
        },
      },
      seed: env.SEED?.trim() !== 'false',
    }
  }
  return { options: { ...common, chain: server.chain }, seed: false }
}
