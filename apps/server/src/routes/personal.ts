/**
 * The signed-in account's watchlist and notifications (docs/product.md §12,
 * "Notifications"). Who is asking comes from the session cookie only (docs/security.md W24):
 * without one every route answers 401, and X-View-As grants nothing.
 */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API } from '@unica/schemas'
import { newToken, requestSession, tokenHash } from '../auth/session.js'
import type { RouteContext } from '../context.js'
import { WATCHLIST_MAX } from '../db/repositories/watchlist.js'
import { ApiError, badRequest, notFound } from '../errors.js'
import { assetJson } from './asset-json.js'
import { baseUrl, writeLimit } from './http.js'
import { endpoint } from './register.js'

/**
 * The web app's page the confirmation mail links to (apps/web/src/personal/paths.ts,
 * `confirmEmail`), on the site's origin (PUBLIC_URL), as the notification mails link `/nft/…`.
 */
const CONFIRM_EMAIL_PAGE = '/settings/email/confirm/'

export function personalRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  const { repos } = ctx

  /** The signed-in account, or a 401. */
  const account = async (request: FastifyRequest): Promise<string> => {
    const session = await requestSession(repos, request)
    if (session === undefined) throw new ApiError(401, 'Sign in with your wallet first.')
    return session.account
  }

  return (app, _options, done) => {
    const limits = { config: writeLimit(ctx) }

    app.route({
      ...endpoint(API.getWatchlist),
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const rows = await repos.watchedAssets(await account(request))
        const base = baseUrl(ctx, request)
        return { results: rows.map((row) => assetJson(row, ctx.storage, base)) }
      },
    })

    app.route({
      ...endpoint(API.watchAsset),
      ...limits,
      handler: async (request) => {
        const who = await account(request)
        const { guid } = request.params
        if ((await repos.findAsset({ guid })) === undefined) throw notFound('No such piece.')
        if (!(await repos.watch(who, guid))) {
          throw badRequest(`A watchlist holds at most ${String(WATCHLIST_MAX)} pieces.`)
        }
        return { guid, watched: true }
      },
    })

    app.route({
      ...endpoint(API.unwatchAsset),
      ...limits,
      handler: async (request) => {
        const who = await account(request)
        await repos.unwatch(who, request.params.guid)
        return { guid: request.params.guid, watched: false }
      },
    })

    app.route({
      ...endpoint(API.listNotifications),
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        return repos.listNotifications(await account(request))
      },
    })

    app.route({
      ...endpoint(API.readNotification),
      handler: async (request) => {
        const who = await account(request)
        if (!(await repos.markRead(who, BigInt(request.params.id)))) {
          throw notFound('No such notification of yours.')
        }
        return {}
      },
    })

    app.route({
      ...endpoint(API.readAllNotifications),
      handler: async (request) => {
        await repos.markAllRead(await account(request))
        return {}
      },
    })
    app.route({
      ...endpoint(API.getNotificationEmail),
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const setting = await repos.emailOf(await account(request))
        return {
          address: setting?.address ?? null,
          confirmed: setting?.confirmed ?? false,
          available: ctx.mailer !== undefined,
        }
      },
    })

    app.route({
      ...endpoint(API.setNotificationEmail),
      ...limits,
      handler: async (request) => {
        const who = await account(request)
        if (ctx.mailer === undefined) {
          throw new ApiError(503, 'This server sends no email.')
        }
        const { address } = request.body
        const token = newToken()
        await repos.setEmail(who, address, tokenHash(token))
        // The web app's page, which confirms through the API and says so (a page, not JSON).
        const link = `${baseUrl(ctx, request)}${CONFIRM_EMAIL_PAGE}?token=${token}`
        await ctx.mailer
          .send({
            to: address,
            subject: 'Unica: confirm your address for notifications',
            text: `Someone (we hope you) asked Unica to mail notifications of account ${who} to this address.\n\nTo confirm, open:\n${link}\n\nIf it was not you, ignore this mail: nothing will be sent.\n`,
          })
          .catch(() => {
            throw new ApiError(503, 'The confirmation mail could not be sent; try again later.')
          })
        return { address, confirmed: false, available: true }
      },
    })

    app.route({
      ...endpoint(API.confirmNotificationEmail),
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const address = await repos.confirmEmail(tokenHash(request.query.token))
        if (address === undefined) {
          throw badRequest(
            'This confirmation link is not valid (or the address was changed since).',
          )
        }
        return { address, confirmed: true }
      },
    })

    app.route({
      ...endpoint(API.removeNotificationEmail),
      handler: async (request) => {
        await repos.removeEmail(await account(request))
        return {}
      },
    })
    done()
  }
}
