/**
 * The signed-in account's watchlist and notifications (docs/product.md §12,
 * "Notifications"). Who is asking comes from the session cookie only (docs/security.md W24):
 * without one every route answers 401, and X-View-As grants nothing.
 */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API } from '@unica/schemas'
import { newToken, requestSession, tokenHash } from '../auth/session.js'
import type { AppContext } from '../context.js'
import { findAsset } from '../db/repositories/assets.js'
import { listNotifications, markAllRead, markRead } from '../db/repositories/notifications.js'
import {
  confirmEmail,
  emailOf,
  removeEmail,
  setEmail,
} from '../db/repositories/notification-emails.js'
import { unwatch, watch, watchedAssets, WATCHLIST_MAX } from '../db/repositories/watchlist.js'
import { ApiError, badRequest, notFound } from '../errors.js'
import { assetJson } from './asset-json.js'
import { baseUrl, writeLimit } from './http.js'
import { endpoint } from './register.js'

/**
 * The web app's page the confirmation mail links to (apps/web/src/personal/paths.ts,
 * `confirmEmail`), on the site's origin (PUBLIC_URL), as the notification mails link `/nft/…`.
 */
const CONFIRM_EMAIL_PAGE = '/settings/email/confirm/'

export function personalRoutes(ctx: AppContext): FastifyPluginCallbackZod {
  const { db } = ctx.database

  /** The signed-in account, or a 401. */
  const account = async (request: FastifyRequest): Promise<string> => {
    const session = await requestSession(db, request)
    if (session === undefined) throw new ApiError(401, 'Sign in with your wallet first.')
    return session.account
  }

  return (app, _options, done) => {
    const limits = { config: writeLimit(ctx) }

    app.route({
      ...endpoint(API.getWatchlist),
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const rows = await watchedAssets(db, await account(request))
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
        if ((await findAsset(db, { guid })) === undefined) throw notFound('No such piece.')
        if (!(await watch(db, who, guid))) {
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
        await unwatch(db, who, request.params.guid)
        return { guid: request.params.guid, watched: false }
      },
    })

    app.route({
      ...endpoint(API.listNotifications),
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        return listNotifications(db, await account(request))
      },
    })

    app.route({
      ...endpoint(API.readNotification),
      handler: async (request) => {
        const who = await account(request)
        if (!(await markRead(db, who, BigInt(request.params.id)))) {
          throw notFound('No such notification of yours.')
        }
        return {}
      },
    })

    app.route({
      ...endpoint(API.readAllNotifications),
      handler: async (request) => {
        await markAllRead(db, await account(request))
        return {}
      },
    })
    app.route({
      ...endpoint(API.getNotificationEmail),
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const setting = await emailOf(db, await account(request))
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
        await setEmail(db, who, address, tokenHash(token))
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
        const address = await confirmEmail(db, tokenHash(request.query.token))
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
        await removeEmail(db, await account(request))
        return {}
      },
    })
    done()
  }
}
