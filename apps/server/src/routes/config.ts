/**
 * GET /api/token/ (CSRF), GET /api/config/ (what the web app needs to reach the chain) and
 * GET /api/health/.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API, type PublicConfig } from '@unica/schemas'
import type { RouteContext } from '../context.js'
import { endpoint } from './register.js'

export function configRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.route({
      ...endpoint(API.getToken),
      handler: (_request, reply) => ({ token: reply.generateCsrf() }),
    })

    const { chain } = ctx
    const config: PublicConfig = {
      network: chain.endpoints.network,
      genesis_id: chain.genesisId,
      algod_url: chain.endpoints.algodUrl,
      indexer_url: chain.endpoints.indexerUrl,
      usdc_id: chain.usdcId.toString(),
      usdc_decimals: chain.usdcDecimals,
      explorer_url: chain.endpoints.explorerUrl,
      ...(chain.endpoints.kmdUrl === undefined ? {} : { kmd_url: chain.endpoints.kmdUrl }),
    }
    // For load balancers: the database answers.
    app.route({
      ...endpoint(API.getHealth),
      handler: async () => {
        await ctx.repos.ping()
        return { status: 'ok' as const }
      },
    })

    app.route({
      ...endpoint(API.getConfig),
      handler: () => config,
    })
    done()
  }
}
