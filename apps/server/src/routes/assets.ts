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
import { Asset, AssetListQuery, Page } from '@unica/schemas'
import { z } from 'zod'
import type { AppContext } from '../context.js'
import { assetList } from '../db/repositories/asset-list.js'
import { findShownAsset } from '../db/repositories/assets.js'
import { isStaff } from '../db/repositories/users.js'
import { notFound } from '../errors.js'
import { assetJson } from './asset-json.js'
import { fastSerializerCompiler } from './fast-json.js'
import { baseUrl, pageLinks, pageOf, viewAs } from './http.js'

/** A guid, also accepted as a dashed UUID or in upper case (the web app strips dashes). */
const GuidParam = z
  .string()
  .max(64)
  .transform((s) => s.replaceAll('-', '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'Must be an asset guid.'))

export function assetRoutes(ctx: AppContext): FastifyPluginCallbackZod {
  const { db } = ctx.database
  const listPage = assetList(ctx.database)

  return (app, _options, done) => {
    app.get(
      '/api/assets/',
      {
        schema: {
          tags: ['assets'],
          querystring: AssetListQuery,
          response: { 200: Page(Asset) },
        },
        serializerCompiler: fastSerializerCompiler,
      },
      async (request) => {
        const q = request.query
        const viewer = viewAs(request)
        const staffViewer = viewer !== undefined && (await isStaff(db, viewer)) ? viewer : undefined
        const { limit, offset } = pageOf(q)
        const [rows, total] = await listPage(q, staffViewer, limit, offset)
        const base = baseUrl(ctx, request)
        return {
          count: total,
          ...pageLinks(ctx, request, total, limit, offset),
          results: rows.map((row) => assetJson(row, ctx.storage, base)),
        }
      },
    )

    app.get(
      '/api/assets/:guid/',
      {
        schema: {
          tags: ['assets'],
          params: z.object({ guid: GuidParam }),
          response: { 200: Asset },
        },
        serializerCompiler: fastSerializerCompiler,
      },
      async (request) => {
        // Any status: the deploy screen opens unfinished assets by guid, which is on chain anyway.
        const row = await findShownAsset(db, { guid: request.params.guid })
        if (row === undefined) throw notFound('No asset with this guid.')
        return assetJson(row, ctx.storage, baseUrl(ctx, request))
      },
    )
    done()
  }
}
