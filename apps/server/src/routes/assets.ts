/**
 * GET /api/assets/ (filters, ordering, pagination of spec section 7) and GET /api/assets/{guid}/.
 *
 * Lists show ready (RD) assets. With X-View-As naming a staff account, that account's own
 * unfinished (DA, DC) assets are listed too, for its "Created NFTs" page. Everything an
 * unfinished asset shows is public on the chain already (its ARC-69 note), and no write trusts
 * the header, so it needs no proof (review W12).
 */
import { and, asc, count, desc, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { Asset, AssetListQuery, Page } from '@unica/schemas'
import { z } from 'zod'
import type { AppContext } from '../context.js'
import { assets, users } from '../db/index.js'
import { notFound } from '../errors.js'
import { assetJson } from './asset-json.js'
import { fastSerializerCompiler } from './fast-json.js'
import { baseUrl, dbIds, dbLowerBound, pageLinks, pageOf, viewAs } from './http.js'
import { CountCache, queryKey, type CountQuery } from './list-count.js'

/** A guid, also accepted as a dashed UUID or in upper case (the web app strips dashes). */
const GuidParam = z
  .string()
  .max(64)
  .transform((s) => s.replaceAll('-', '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'Must be an asset guid.'))

const ORDER: Record<NonNullable<AssetListQuery['ordering']>, SQL[]> = {
  created_at: [asc(assets.createdAt), asc(assets.guid)],
  '-created_at': [desc(assets.createdAt), desc(assets.guid)],
  '-highest_bid__value': [sql`${assets.highestBidValue} DESC NULLS LAST`, desc(assets.guid)],
}

export function assetRoutes(ctx: AppContext): FastifyPluginCallbackZod {
  const { db } = ctx.database
  const counts = new CountCache()
  const counted = (query: CountQuery): Promise<number> =>
    counts.count(queryKey(query), async () => (await query).at(0)?.total ?? 0)

  const isStaff = async (address: string): Promise<boolean> => {
    const rows = await db
      .select({ isStaff: users.isStaff })
      .from(users)
      .where(eq(users.address, address))
    return rows.at(0)?.isStaff === true
  }

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
        const visible =
          viewer !== undefined && (await isStaff(viewer))
            ? or(eq(assets.status, 'RD'), eq(assets.creatorAddress, viewer))
            : eq(assets.status, 'RD')
        const where = and(
          visible,
          q.status === undefined ? undefined : eq(assets.status, q.status),
          q.status__exclude === undefined ? undefined : ne(assets.status, q.status__exclude),
          q.price__gt === undefined ? undefined : gt(assets.price, dbLowerBound(q.price__gt)),
          q.highest_bid__value__gt === undefined
            ? undefined
            : gt(assets.highestBidValue, dbLowerBound(q.highest_bid__value__gt)),
          q.asset_id__in === undefined ? undefined : inArray(assets.assetId, dbIds(q.asset_id__in)),
          q.application_id__in === undefined
            ? undefined
            : inArray(assets.applicationId, dbIds(q.application_id__in)),
          q.owner_address === undefined ? undefined : eq(assets.ownerAddress, q.owner_address),
          q.creator_address === undefined
            ? undefined
            : eq(assets.creatorAddress, q.creator_address),
        )
        const { limit, offset } = pageOf(q)
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(assets)
            .where(where)
            .orderBy(...ORDER[q.ordering ?? '-created_at'])
            .limit(limit)
            .offset(offset),
          counted(db.select({ total: count() }).from(assets).where(where)),
        ])
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
        const rows = await db.select().from(assets).where(eq(assets.guid, request.params.guid))
        const row = rows.at(0)
        if (row === undefined) throw notFound('No asset with this guid.')
        return assetJson(row, ctx.storage, baseUrl(ctx, request))
      },
    )
    done()
  }
}
