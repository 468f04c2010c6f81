/**
 * Discovery's routes (docs/product.md §11): search and suggestions, the activity feed, the market
 * figures, creator and collector pages, and an asset's price history. All are public reads of
 * what the chain already shows.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API, type ActivityItem } from '@unica/schemas'
import type { RouteContext } from '../context.js'
import { readCursor, writeCursor, type ActivityRow } from '../db/repositories/activity.js'
import { notFound } from '../errors.js'
import type { MediaStorage } from '../media/storage.js'
import { assetJson, mediaUrl } from './asset-json.js'
import { fastSerializerCompiler } from './fast-json.js'
import { baseUrl, checkPriceRange, pageLinks, pageOf } from './http.js'
import { endpoint } from './register.js'

const SUGGESTIONS = 5
const LATEST_SALES = 6
const HOUR_MS = 3_600_000

function activityJson(row: ActivityRow, storage: MediaStorage, base: string): ActivityItem {
  return {
    operation_id: row.id,
    type: row.type,
    op_type: row.opType,
    value: row.value,
    sender: row.sender,
    counterparty: row.counterparty,
    tx_id: row.txId,
    round: row.round,
    block_time: row.blockTime,
    asset:
      row.asset === null
        ? null
        : {
            guid: row.asset.guid,
            name: row.asset.name,
            thumbnail: mediaUrl(storage, base, row.asset.thumbnailPath),
            creator_address: row.asset.creatorAddress,
          },
  }
}

export function discoveryRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  const { repos, storage } = ctx
  const activityPage = repos.activityFeed
  return (app, _options, done) => {
    app.route({
      ...endpoint(API.search),
      serializerCompiler: fastSerializerCompiler,
      handler: async (request) => {
        const { q, ...filters } = request.query
        checkPriceRange(filters)
        const { limit, offset } = pageOf(filters)
        const [rows, total] = await repos.searchAssets(q, filters, limit, offset)
        const base = baseUrl(ctx, request)
        return {
          count: total,
          ...pageLinks(ctx, request, total, limit, offset),
          results: rows.map((row) => assetJson(row, storage, base)),
        }
      },
    })

    app.route({
      ...endpoint(API.searchSuggestions),
      handler: async (request) => {
        const { q } = request.query
        const [pieces] = await repos.searchAssets(q, {}, SUGGESTIONS, 0)
        const creators = await repos.suggestCreators(
          q,
          pieces.map((p) => p.creator_address),
          SUGGESTIONS,
        )
        const base = baseUrl(ctx, request)
        return {
          assets: pieces.map((p) => ({
            guid: p.guid,
            name: p.name,
            unit_name: p.unit_name,
            thumbnail: mediaUrl(storage, base, p.thumbnail_path),
          })),
          creators,
        }
      },
    })

    app.route({
      ...endpoint(API.listActivity),
      serializerCompiler: fastSerializerCompiler,
      handler: async (request) => {
        const { type, cursor, limit } = request.query
        const page = await activityPage({
          type,
          after: cursor === undefined ? undefined : readCursor(cursor),
          limit: limit ?? 20,
        })
        const base = baseUrl(ctx, request)
        return {
          next_cursor: page.next === undefined ? null : writeCursor(page.next),
          results: page.rows.map((row) => activityJson(row, storage, base)),
        }
      },
    })

    app.route({
      ...endpoint(API.getMarketStats),
      handler: async (request) => {
        const now = Date.now()
        const [latest, day, week] = await Promise.all([
          activityPage({ type: 'sale', limit: LATEST_SALES }),
          repos.salesSince(new Date(now - 24 * HOUR_MS)),
          repos.salesSince(new Date(now - 7 * 24 * HOUR_MS)),
        ])
        const base = baseUrl(ctx, request)
        return {
          latest_sales: latest.rows.map((row) => activityJson(row, storage, base)),
          volume_24h: day.volume,
          sales_24h: day.sales,
          volume_7d: week.volume,
          sales_7d: week.sales,
        }
      },
    })

    app.route({
      ...endpoint(API.getCreator),
      handler: async (request) => {
        const { address } = request.params
        const f = await repos.creatorFigures(address)
        return {
          address,
          works: f.works,
          for_sale: f.forSale,
          sales: f.sales,
          volume: f.volume,
          royalties_earned: f.royaltiesEarned,
        }
      },
    })

    app.route({
      ...endpoint(API.getAccount),
      handler: async (request) => {
        const { address } = request.params
        const f = await repos.accountFigures(address)
        const base = baseUrl(ctx, request)
        return {
          address,
          owned: f.owned,
          bids: f.bids.map((b) => ({
            asset: assetJson(b.asset, storage, base),
            amount: b.amount,
            round: b.round,
          })),
        }
      },
    })

    app.route({
      ...endpoint(API.getPriceHistory),
      handler: async (request) => {
        const asset = await repos.findShownAsset({ guid: request.params.guid })
        if (asset === undefined) throw notFound('No asset with this guid.')
        const rows = await repos.priceHistory(asset.guid)
        return {
          points: rows.map((row) => ({
            type: row.type,
            op_type: row.opType,
            value: row.value,
            sender: row.sender,
            counterparty: row.counterparty,
            tx_id: row.txId,
            round: row.round,
            block_time: row.blockTime,
          })),
        }
      },
    })
    done()
  }
}
