/**
 * startUnica: the whole marketplace in one process on one origin. The embedded devnet (or a public
 * network's algod/indexer), the server with its in-process worker, and the built web app, all
 * served by one Fastify instance: /api and /media from the server, everything else from
 * apps/web/dist with index.html for the SPA's own routes.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { startDevnet, type Devnet } from '@unica/devnet'
import { IpfsStore } from '@unica/ipfs'
import {
  buildApp,
  connectChain,
  devnetEndpoints,
  migrate,
  emptyPgliteTemplate,
  openDatabase,
  openStorage,
  startWorker,
  auctionSettlement,
  smtpMailer,
  type Chain,
  type Database,
  type StorageConfig,
  type Worker,
} from '@unica/server'
import { serveWeb } from './web.js'

export interface DevnetPorts {
  /** 0 (the default) picks a free port. */
  readonly algod?: number
  readonly indexer?: number
  readonly kmd?: number
}

export interface UnicaOptions {
  /**
   * Where devnet state (`devnet/`), the database (`db/`) and media (`media/`) live; they survive
   * restarts. Absent: everything in memory (media in a temporary directory removed on stop).
   */
  readonly dataDir?: string
  /** Interface to listen on; default 127.0.0.1. */
  readonly host?: string
  /** 0 (the default) picks a free port. */
  readonly port?: number
  /** Ports of the embedded devnet; ignored when `chain` is given. */
  readonly devnetPorts?: DevnetPorts
  /** A public network (TestNet, MainNet, LocalNet) instead of the embedded devnet. */
  readonly chain?: Parameters<typeof connectChain>[0]
  /** Where media go; default: disk in `dataDir/media` (or a temporary directory). */
  readonly storage?: StorageConfig
  /** The IPFS blockstore's folder (docs/ipfs.md); default `dataDir/ipfs` (or a temporary one). */
  readonly ipfsDir?: string
  /** postgres://… ; absent: PGlite in `dataDir/db` (or in memory). */
  readonly databaseUrl?: string
  /** The built web app; default apps/web/dist; null serves the API alone. */
  readonly webDist?: string | null
  /** Signs the CSRF cookie; default: a fresh secret per start (fine for one instance). */
  readonly cookieSecret?: string
  /** Base URL browsers reach this origin at, behind a proxy; default: each request's Host. */
  readonly publicUrl?: string
  /** Honour X-Forwarded-For for per-IP rate limits (behind a reverse proxy). */
  readonly trustProxy?: boolean
  /**
   * OPERATOR_MNEMONIC: the account the worker settles ended auctions with; absent on the devnet
   * (or LocalNet), an account of KMD's funded from the dispenser.
   */
  readonly operatorMnemonic?: string
  /** Public writes per IP per minute; default 600 (a demo seeds and clicks a lot from one IP). */
  readonly rateLimitMax?: number
  /**
   * SMTP_URL: where the confirmation mail of a notification address goes (and, given a
   * `publicUrl` for their links, the notification mails); absent: no email.
   */
  readonly smtpUrl?: string
  /** Operational messages (worker retries); default silent. */
  readonly log?: (message: string) => void
}

export interface Unica {
  /** http://host:port of the one origin serving the web app and the API. */
  readonly url: string
  /** The embedded devnet, or null on a public network. */
  readonly devnet: Devnet | null
  readonly chain: Chain
  readonly database: Database
  readonly app: FastifyInstance
  readonly worker: Worker
  /** Stops the HTTP server, the worker, the database and the devnet; safe to call twice. */
  stop(): Promise<void>
}

export const DEFAULT_WEB_DIST = new URL('../../web/dist/', import.meta.url).pathname

export async function startUnica(options: UnicaOptions = {}): Promise<Unica> {
  // Everything taken so far, released in reverse order if a later step fails.
  const cleanups: (() => Promise<void>)[] = []
  const release = async (): Promise<void> => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch(() => undefined)
    }
  }
  try {
    let devnet: Devnet | null = null
    let endpoints = options.chain
    if (endpoints === undefined) {
      const ports = options.devnetPorts ?? {}
      const started = await startDevnet({
        algodPort: ports.algod ?? 0,
        indexerPort: ports.indexer ?? 0,
        kmdPort: ports.kmd ?? 0,
        ...(options.dataDir === undefined ? {} : { dataDir: join(options.dataDir, 'devnet') }),
      })
      devnet = started
      cleanups.push(() => started.stop())
      endpoints = devnetEndpoints(started)
    }
    const chain = await connectChain(endpoints)

    const database = await openDatabase(
      options.databaseUrl !== undefined
        ? { url: options.databaseUrl }
        : options.dataDir === undefined
          ? { pgliteTemplate: await pgliteTemplate() }
          : { dataDir: join(options.dataDir, 'db') },
    )
    cleanups.push(() => database.close())
    await migrate(database)

    let storage = options.storage
    if (storage === undefined && options.dataDir !== undefined) {
      storage = { kind: 'disk', dir: join(options.dataDir, 'media') }
    }
    if (storage === undefined) {
      const temp = await mkdtemp(join(tmpdir(), 'unica-media-'))
      cleanups.push(() => rm(temp, { recursive: true, force: true }))
      storage = { kind: 'disk', dir: temp }
    }

    let ipfsDir = options.ipfsDir
    if (ipfsDir === undefined && options.dataDir !== undefined) {
      ipfsDir = join(options.dataDir, 'ipfs')
    }
    if (ipfsDir === undefined) {
      const temp = await mkdtemp(join(tmpdir(), 'unica-ipfs-'))
      cleanups.push(() => rm(temp, { recursive: true, force: true }))
      ipfsDir = temp
    }
    const ipfs = await IpfsStore.open(ipfsDir)

    const mailer = options.smtpUrl === undefined ? undefined : smtpMailer(options.smtpUrl)
    const settle = await auctionSettlement(chain, options.operatorMnemonic, (message) => {
      options.log?.(message)
    })
    const worker = startWorker({
      database,
      algod: chain.algod,
      ...(settle === undefined ? {} : { settle }),
      ...(mailer === undefined || options.publicUrl === undefined
        ? {}
        : { email: { mailer, publicUrl: options.publicUrl } }),
      log: (message, error) => {
        options.log?.(`${message} ${error instanceof Error ? error.message : ''}`.trim())
      },
    })
    cleanups.push(() => worker.stop())

    const app = await buildApp({
      database,
      chain,
      storage: openStorage(storage),
      ipfs,
      publicUrl: options.publicUrl,
      cookieSecret: options.cookieSecret ?? randomSecret(),
      rateLimit: { max: options.rateLimitMax ?? 600, windowMs: 60_000 },
      trustProxy: options.trustProxy ?? false,
      mailer,
      onOperationQueued: () => {
        worker.wake()
      },
    })
    cleanups.push(() => app.close())
    const webDist = options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist
    if (webDist !== null) await serveWeb(app, webDist)

    const host = options.host ?? '127.0.0.1'
    await app.listen({ host, port: options.port ?? 0 })
    const address = app.server.address()
    const port = typeof address === 'object' && address !== null ? address.port : options.port
    const url = `http://${host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host}:${String(port)}`

    let stopping: Promise<void> | undefined
    return {
      url,
      devnet,
      chain,
      database,
      app,
      worker,
      stop: () => (stopping ??= release()),
    }
  } catch (error) {
    await release()
    throw error
  }
}

/**
 * An empty PGlite cluster made once per process: each in-memory start loads it (about 0.6 s)
 * instead of running initdb (about 3 s), which matters to tests that start Unica again and again.
 */
let template: Promise<Blob> | undefined
function pgliteTemplate(): Promise<Blob> {
  template ??= emptyPgliteTemplate()
  template.catch(() => {
    template = undefined
  })
  return template
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')
}
