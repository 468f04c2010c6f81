/**
 * GET /api/assets/ (filters, ordering, pagination of docs/product.md §7) and GET
 * /api/assets/{guid}/.
 *
 * Lists show ready (RD) assets. With X-View-As naming a staff account, that account's own
 * unfinished (DA, DC) assets are listed too, for its "Created NFTs" page. Everything an
 * unfinished asset shows is public on the chain already (its ARC-69 note), and no write trusts
 * the header, so it needs no proof (docs/security.md W12).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API } from '@unica/schemas'
import type { RouteContext } from '../context.js'
import { notFound } from '../errors.js'
import { assetJson } from './asset-json.js'
import { fastSerializerCompiler } from './fast-json.js'
import { baseUrl, checkPriceRange, listOrdering, pageLinks, pageOf, viewAs } from './http.js'
import { endpoint } from './register.js'

export function assetRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  const { repos } = ctx
  const listPage = repos.assetList

  return (app, _options, done) => {
    app.route({
      ...endpoint(API.listAssets),
      serializerCompiler: fastSerializerCompiler,
      handler: async (request) => {
        const q = { ...request.query, ordering: listOrdering(request.query) }
        checkPriceRange(q)
        const viewer = viewAs(request)
        const staffViewer =
          viewer !== undefined && (await repos.isStaff(viewer)) ? viewer : undefined
        const { limit, offset } = pageOf(q)
        const [rows, total] = await listPage(q, staffViewer, limit, offset)
        const base = baseUrl(ctx, request)
        return {
          count: total,
          ...pageLinks(ctx, request, total, limit, offset),
          results: rows.map((row) => assetJson(row, ctx.storage, base)),
        }
      },
    })

    app.route({
      ...endpoint(API.getAsset),
      serializerCompiler: fastSerializerCompiler,
      handler: async (request) => {
        // Any status: the deploy screen opens unfinished assets by guid, which is on chain anyway.
        const row = await repos.findShownAsset({ guid: request.params.guid })
        if (row === undefined) throw notFound('No asset with this guid.')
        // Hidden by moderation: still answered, saying so, so its own page can tell people why.
        const hidden = await repos.hiddenNote(row.guid)
        return {
          ...assetJson(row, ctx.storage, baseUrl(ctx, request)),
          hidden:
            hidden === undefined ? null : { reason: hidden.reason, at: hidden.at.toISOString() },
        }
      },
    })
    done()
  }
}
