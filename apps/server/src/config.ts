/**
 * The server's configuration, from environment variables (documented in apps/server/README.md).
 * Defaults run against the embedded devnet with PGlite and media on disk under `.data/`.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { isDevNetwork, Network } from '@unica/schemas'

export interface ChainEndpoints {
  readonly network: Network
  readonly algodUrl: string
  readonly algodToken: string
  readonly indexerUrl: string
  readonly indexerToken: string
  /** USDC's asset id; on the devnet it is read from GET /devnet/info when unset. */
  readonly usdcId: bigint | undefined
  /** Base of the explorer links the web app shows (…/tx/{id}, …/address/{addr}). */
  readonly explorerUrl: string
  /** KMD, offered to the web app as a wallet on development networks (KMD_URL). */
  readonly kmdUrl?: string | undefined
}

export type StorageConfig =
  | { readonly kind: 'disk'; readonly dir: string }
  | {
      readonly kind: 's3'
      readonly endpoint: string
      readonly region: string
      readonly bucket: string
      readonly accessKeyId: string
      readonly secretAccessKey: string
      /** Public base URL of the bucket's objects (a CDN or the bucket's website endpoint). */
      readonly publicUrl: string
    }

export interface RateLimitConfig {
  /** Public writes per IP per window. */
  readonly max: number
  readonly windowMs: number
}

export interface ServerConfig {
  readonly chain: ChainEndpoints
  readonly databaseUrl: string | undefined
  readonly dataDir: string
  readonly storage: StorageConfig
  /** IPFS_DIR: the IPFS blockstore's folder (docs/ipfs.md), default DATA_DIR/ipfs. */
  readonly ipfsDir: string
  /** Base URL of this API as browsers reach it (absolute media and pagination links). */
  readonly publicUrl: string | undefined
  readonly host: string
  readonly port: number
  /** Signs the CSRF cookie; every instance behind one load balancer must share it. */
  readonly cookieSecret: string
  readonly rateLimit: RateLimitConfig
  /** Honour X-Forwarded-For (behind a reverse proxy) for per-IP rate limits. */
  readonly trustProxy: boolean
  /** Run the worker (operation sender, chain follower) inside the server process. */
  readonly runWorker: boolean
  /** SMTP_URL (e.g. smtps://user:pass@host:465): notifications by email; unset, none. */
  readonly smtpUrl: string | undefined
  /** SMTP_FROM: the mails' sender. */
  readonly smtpFrom: string | undefined
  /** READY_MAX_LAG_ROUNDS: /readyz fails when the follower is further behind algod (default 20). */
  readonly readyMaxLagRounds: number
  /** METRICS_TOKEN: when set, /metrics needs `Authorization: Bearer <token>`. */
  readonly metricsToken: string | undefined
}

const DEVNET_TOKEN = 'a'.repeat(64)

const EXPLORERS: Record<Network, string | undefined> = {
  devnet: undefined,
  localnet: 'https://lora.algokit.io/localnet',
  testnet: 'https://lora.algokit.io/testnet',
  mainnet: 'https://lora.algokit.io/mainnet',
}

/** Circle's USDC on each public network (https://developers.circle.com/stablecoins/usdc-contract-addresses). */
const USDC_IDS: Partial<Record<Network, bigint>> = {
  testnet: 10458941n,
  mainnet: 31566704n,
}

export class ConfigError extends Error {}

const getter =
  (env: NodeJS.ProcessEnv) =>
  (name: string): string | undefined => {
    const v = env[name]?.trim()
    return v === undefined || v === '' ? undefined : v
  }

/** Where the database is: DATABASE_URL, else PGlite in DATA_DIR/db (the admin CLI needs no more). */
export function databaseConfig(env: NodeJS.ProcessEnv = process.env): {
  url: string | undefined
  dataDir: string
} {
  const get = getter(env)
  return {
    url: get('DATABASE_URL'),
    dataDir: join(resolve(get('DATA_DIR') ?? '.data/server'), 'db'),
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const get = getter(env)
  const parsedNetwork = Network.safeParse(get('NETWORK') ?? 'devnet')
  if (!parsedNetwork.success) {
    throw new ConfigError(`NETWORK must be one of ${Network.options.join(', ')}`)
  }
  const network = parsedNetwork.data
  const local = isDevNetwork(network)
  const algodUrl = get('ALGOD_URL') ?? (local ? 'http://127.0.0.1:4001' : undefined)
  const indexerUrl = get('INDEXER_URL') ?? (local ? 'http://127.0.0.1:8980' : undefined)
  if (algodUrl === undefined || indexerUrl === undefined) {
    throw new ConfigError(`ALGOD_URL and INDEXER_URL are required on ${network}`)
  }
  const usdcText = get('USDC_ID')
  if (usdcText !== undefined && !/^[1-9][0-9]{0,19}$/.test(usdcText)) {
    throw new ConfigError('USDC_ID must be a positive integer')
  }
  const usdcId = usdcText === undefined ? USDC_IDS[network] : BigInt(usdcText)
  if (usdcId === undefined && network !== 'devnet') {
    throw new ConfigError(`USDC_ID is required on ${network}`)
  }
  const port = Number(get('PORT') ?? '8000')
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError('PORT is invalid')

  const dataDir = resolve(get('DATA_DIR') ?? '.data/server')
  const explorerUrl =
    get('EXPLORER_URL') ?? EXPLORERS[network] ?? `${algodUrl.replace(/\/$/, '')}/explorer`
  return {
    chain: {
      network,
      algodUrl,
      algodToken: get('ALGOD_TOKEN') ?? (local ? DEVNET_TOKEN : ''),
      indexerUrl,
      indexerToken: get('INDEXER_TOKEN') ?? (local ? DEVNET_TOKEN : ''),
      usdcId,
      explorerUrl,
      kmdUrl: local ? get('KMD_URL') : undefined,
    },
    databaseUrl: get('DATABASE_URL'),
    dataDir,
    storage: storageConfig(get, dataDir),
    ipfsDir: resolve(get('IPFS_DIR') ?? join(dataDir, 'ipfs')),
    publicUrl: get('PUBLIC_URL')?.replace(/\/$/, ''),
    host: get('HOST') ?? '127.0.0.1',
    port,
    cookieSecret: get('COOKIE_SECRET') ?? persistentSecret(dataDir),
    rateLimit: {
      max: positiveInt(get('RATE_LIMIT_MAX') ?? '60', 'RATE_LIMIT_MAX'),
      windowMs: positiveInt(get('RATE_LIMIT_WINDOW_MS') ?? '60000', 'RATE_LIMIT_WINDOW_MS'),
    },
    trustProxy: get('TRUST_PROXY') === 'true',
    runWorker: get('RUN_WORKER') !== 'false',
    smtpUrl: get('SMTP_URL'),
    smtpFrom: get('SMTP_FROM'),
    readyMaxLagRounds: nonNegativeInt(get('READY_MAX_LAG_ROUNDS') ?? '20', 'READY_MAX_LAG_ROUNDS'),
    metricsToken: get('METRICS_TOKEN'),
  }
}

function nonNegativeInt(text: string, name: string): number {
  const n = Number(text)
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(n)) {
    throw new ConfigError(`${name} must be a whole number of 0 or more`)
  }
  return n
}

function positiveInt(text: string, name: string): number {
  const n = Number(text)
  if (!Number.isSafeInteger(n) || n < 1) throw new ConfigError(`${name} must be a positive integer`)
  return n
}

function storageConfig(get: (name: string) => string | undefined, dataDir: string): StorageConfig {
  const bucket = get('S3_BUCKET')
  if (bucket === undefined)
    return { kind: 'disk', dir: resolve(get('MEDIA_DIR') ?? join(dataDir, 'media')) }
  const required = (name: string): string => {
    const v = get(name)
    if (v === undefined) throw new ConfigError(`${name} is required when S3_BUCKET is set`)
    return v
  }
  return {
    kind: 's3',
    endpoint: required('S3_ENDPOINT'),
    region: get('S3_REGION') ?? 'us-east-1',
    bucket,
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    publicUrl: required('S3_PUBLIC_URL').replace(/\/$/, ''),
  }
}

/**
 * A secret generated once per data directory, so a single instance needs no configuration and
 * keeps its CSRF cookies valid across restarts. Several instances must set COOKIE_SECRET.
 */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'cookie-secret')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    mkdirSync(dataDir, { recursive: true })
    const secret = randomBytes(32).toString('hex')
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
      return secret
    } catch {
      // Another process created it first: use theirs.
      return readFileSync(file, 'utf8').trim()
    }
  }
}
