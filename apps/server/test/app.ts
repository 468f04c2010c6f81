/**
 * A whole server for tests: the embedded devnet in-process (ports 0), a fresh migrated database
 * (test/database.ts), media and the IPFS blockstore in temporary directories, and `app.inject` helpers that carry the
 * CSRF cookie and token as the web app does.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevnet, type Devnet } from '@unica/devnet'
import { IpfsStore } from '@unica/ipfs'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp, type AppOptions } from '../src/app.js'
import { connectChain, devnetEndpoints, type Chain } from '../src/chain/connection.js'
import type { AppContext } from '../src/context.js'
import type { Database } from '../src/db/index.js'
import { diskStorage } from '../src/media/disk.js'
import { testDatabase } from './database.js'

export interface TestServer {
  readonly app: FastifyInstance
  readonly devnet: Devnet
  readonly chain: Chain
  readonly database: Database
  readonly mediaDir: string
  /** The IPFS blockstore the gateway serves and uploads are added to. */
  readonly ipfs: IpfsStore
  /** A CSRF token and the cookie that goes with it. */
  csrf(): Promise<{ token: string; cookie: string }>
  /** A POST with a valid CSRF token (JSON payload, or a prepared multipart body). */
  post(
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export interface TestServerOptions {
  /** A devnet to share (several servers on one chain); else a new one is started and stopped. */
  readonly devnet?: Devnet
  readonly rateLimit?: AppContext['rateLimit']
  /** Replaces parts of the chain (e.g. an unreachable indexer). */
  readonly chain?: (chain: Chain) => Chain
  /** PUBLIC_URL (default http://unica.test) and TRUST_PROXY (default false). */
  readonly publicUrl?: string
  readonly trustProxy?: boolean
  /** A database to share (several instances on one database); else a fresh one, closed after. */
  readonly database?: Database
  /** Mails (notifications by email); absent: the server sends none. */
  readonly mailer?: AppContext['mailer']
  /** /readyz's bounds and /metrics' token. */
  readonly ops?: AppOptions['ops']
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const devnet = options.devnet ?? (await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0 }))
  const connected = await connectChain(devnetEndpoints(devnet))
  const chain = options.chain?.(connected) ?? connected
  const database = options.database ?? (await testDatabase())
  const mediaDir = await mkdtemp(join(tmpdir(), 'unica-media-'))
  const ipfs = await IpfsStore.open(join(mediaDir, 'ipfs'))
  const app = await buildApp({
    database,
    chain,
    storage: diskStorage(mediaDir),
    ipfs,
    publicUrl: options.publicUrl ?? 'http://unica.test',
    cookieSecret: 'test-secret-test-secret-test-secret',
    rateLimit: options.rateLimit ?? { max: 100_000, windowMs: 60_000 },
    trustProxy: options.trustProxy ?? false,
    ...(options.mailer === undefined ? {} : { mailer: options.mailer }),
    ...(options.ops === undefined ? {} : { ops: options.ops }),
  })
  await app.ready()

  const csrf = async (): Promise<{ token: string; cookie: string }> => {
    const response = await app.inject({ method: 'GET', url: '/api/token/' })
    const { token } = response.json<{ token: string }>()
    const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    return { token, cookie }
  }
  const post = async (
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> => {
    const { token, cookie } = await csrf()
    const request: InjectOptions = {
      method: 'POST',
      url,
      headers: { cookie, 'x-csrftoken': token, ...headers },
    }
    if (payload !== undefined) {
      request.payload = payload as InjectOptions['payload']
    }
    return app.inject(request)
  }
  return {
    app,
    devnet,
    chain,
    database,
    mediaDir,
    ipfs,
    csrf,
    post,
    get: (url, headers = {}) => app.inject({ method: 'GET', url, headers }),
    async close() {
      await app.close()
      if (options.database === undefined) await database.close()
      await rm(mediaDir, { recursive: true, force: true })
      if (options.devnet === undefined) await devnet.stop()
    },
  }
}
