// TEMPORARY until @unica/launcher's startUnica lands: devnet + server + worker + SPA on one origin.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import { startDevnet, type Devnet } from '@unica/devnet'
import { buildApp, connectChain, diskStorage, migrate, openDatabase, users } from '@unica/server'
import { startWorker } from '../../apps/server/src/worker/index.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

export interface Unica {
  readonly url: string
  readonly devnet: Devnet
  stop(): Promise<void>
}

export async function startUnica(options: { staff: readonly string[] }): Promise<Unica> {
  const devnet = await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0 })
  const chain = await connectChain({
    network: 'devnet',
    algodUrl: devnet.urls.algod,
    algodToken: devnet.token,
    indexerUrl: devnet.urls.indexer,
    indexerToken: devnet.token,
    usdcId: undefined,
    explorerUrl: `${devnet.urls.algod}/explorer`,
    kmdUrl: devnet.urls.kmd,
  })
  const database = await openDatabase({})
  await migrate(database)
  for (const name of options.staff) {
    const address = devnet.info.accounts.find((a) => a.name === name)!.address
    await database.db.insert(users).values({ address, isStaff: true })
  }
  const worker = startWorker({ database, algod: chain.algod })
  const app = await buildApp({
    database,
    chain,
    storage: diskStorage(await mkdtemp(join(tmpdir(), 'unica-e2e-media-'))),
    publicUrl: undefined,
    cookieSecret: 'e2e-secret-e2e-secret-e2e-secret-e2e',
    rateLimit: { max: 100_000, windowMs: 60_000 },
    trustProxy: false,
    onOperationQueued: () => worker.wake(),
  })
  await app.register(fastifyStatic, { root: join(ROOT, 'apps/web/dist'), wildcard: false })
  app.get('/*', (_req, reply) => reply.sendFile('index.html'))
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return {
    url: address,
    devnet,
    stop: async () => {
      await app.close()
      await worker.stop()
      await database.close()
      await devnet.stop()
    },
  }
}
