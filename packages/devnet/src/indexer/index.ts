/**
 * The devnet's indexer v2 REST API: an in-process index that follows the chain's committed blocks
 * (as algorand/indexer follows algod) and answers the searches and lookups algosdk's `Indexer`
 * client makes, with the real indexer's paths, parameters, field names, orderings, pagination
 * and error messages.
 */
import type { FastifyInstance } from 'fastify'
import type { Chain } from '../chain/types.js'
import { createServer, type ServerOptions } from '../http/server.js'
import type { IndexerContext } from './context.js'
import { IndexFollower } from './follower.js'
import { registerAccountRoutes } from './routes-accounts.js'
import { registerApplicationRoutes } from './routes-applications.js'
import { registerAssetRoutes } from './routes-assets.js'
import { registerBlockRoutes } from './routes-blocks.js'
import { registerTransactionRoutes } from './routes-transactions.js'

export { IndexFollower } from './follower.js'

/**
 * The indexer's token header and unauthenticated paths: LocalNet's token is accepted, and so is
 * no token at all, as an indexer started without tokens (the SDK sandbox's) accepts it.
 */
export const INDEXER_SERVER_OPTIONS: ServerOptions = {
  tokenHeader: 'X-Indexer-API-Token',
  publicPaths: [/^\/health$/],
  tokenOptional: true,
  acceptBearer: true,
}

/**
 * Indexes what `chain` has so far, follows its new blocks, and adds the indexer routes to `app`.
 * Following stops when the app closes.
 */
export async function registerIndexer(app: FastifyInstance, chain: Chain): Promise<IndexFollower> {
  const index = new IndexFollower(chain)
  await index.start()
  const ctx: IndexerContext = { chain, index }
  registerBlockRoutes(app, ctx)
  registerTransactionRoutes(app, ctx)
  registerAccountRoutes(app, ctx)
  registerAssetRoutes(app, ctx)
  registerApplicationRoutes(app, ctx)
  app.addHook('onClose', (_instance, done) => {
    index.stop()
    done()
  })
  return index
}

/** A ready indexer server for `chain` (not listening yet), with the shared HTTP plumbing. */
export async function createIndexerServer(
  chain: Chain,
  options: Partial<ServerOptions> = {},
): Promise<FastifyInstance> {
  const app = await createServer({ ...INDEXER_SERVER_OPTIONS, ...options })
  await registerIndexer(app, chain)
  return app
}
