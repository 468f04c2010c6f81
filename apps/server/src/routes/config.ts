/**
 * GET /api/token/ (CSRF), GET /api/config/ (what the web app needs to reach the chain) and
 * GET /api/health/.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { PublicConfig, TokenAnswer } from '@unica/schemas'
import { z } from 'zod'
import type { AppContext } from '../context.js'
import { ping } from '../db/repositories/health.js'

export function configRoutes(ctx: AppContext): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/api/token/',
      { schema: { tags: ['session'], response: { 200: TokenAnswer } } },
      (_request, reply) => ({ token: reply.generateCsrf() }),
    )

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
    app.get(
      '/api/health/',
      { schema: { tags: ['session'], response: { 200: z.object({ status: z.literal('ok') }) } } },
      async () => {
        await ping(ctx.database.db)
        return { status: 'ok' as const }
      },
    )

    app.get(
      '/api/config/',
      { schema: { tags: ['session'], response: { 200: PublicConfig } } },
      () => config,
    )
    done()
  }
}
