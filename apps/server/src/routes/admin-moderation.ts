/**
 * The console's moderation: hide a piece from every public list and search with a reason, list
 * the hidden ones, unhide. Hiding changes no trade: the contract is on chain and untouched, the
 * follower keeps recording it, and the piece's own page and /rescue still work.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API } from '@unica/schemas'
import type { RouteContext } from '../context.js'
import { notFound } from '../errors.js'
import { assetJson } from './asset-json.js'
import { staffOf } from './admin-guard.js'
import { baseUrl, pageLinks, pageOf, writeLimit } from './http.js'
import { endpoint } from './register.js'

export function moderationRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  const { repos } = ctx
  return (app, _options, done) => {
    const limits = { config: writeLimit(ctx) }

    app.route({
      ...endpoint(API.listHidden),
      handler: async (request) => {
        const { limit, offset } = pageOf(request.query)
        const [rows, total] = await repos.hiddenPage(limit, offset)
        const base = baseUrl(ctx, request)
        return {
          count: total,
          ...pageLinks(ctx, request, total, limit, offset),
          results: rows.map((row) => ({
            asset: assetJson(row.asset, ctx.storage, base),
            reason: row.reason ?? '',
            hidden_at: row.hiddenAt?.toISOString() ?? '',
            hidden_by: row.hiddenBy ?? '',
          })),
        }
      },
    })

    app.route({
      ...endpoint(API.hideAsset),
      ...limits,
      handler: async (request) => {
        const { guid } = request.params
        const { reason } = request.body
        const actor = staffOf(request)
        const hidden = await repos.transaction(async (tx) => {
          const note = await tx.hideAsset(guid, reason, actor)
          if (note === undefined) throw notFound('No such piece.')
          await tx.appendAudit({
            actor,
            action: 'asset.hide',
            target: guid,
            details: { reason },
          })
          return note
        })
        const row = await repos.findShownAsset({ guid })
        if (row === undefined) throw notFound('No such piece.')
        return {
          asset: assetJson(row, ctx.storage, baseUrl(ctx, request)),
          reason: hidden.reason,
          hidden_at: hidden.at.toISOString(),
          hidden_by: actor,
        }
      },
    })

    app.route({
      ...endpoint(API.unhideAsset),
      ...limits,
      handler: async (request) => {
        const { guid } = request.params
        const actor = staffOf(request)
        await repos.transaction(async (tx) => {
          const reason = await tx.unhideAsset(guid)
          if (reason === undefined) throw notFound('No hidden piece with this guid.')
          await tx.appendAudit({
            actor,
            action: 'asset.unhide',
            target: guid,
            details: { was: reason },
          })
        })
        return { guid, hidden: false }
      },
    })
    done()
  }
}
