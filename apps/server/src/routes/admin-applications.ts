/** The console's creator applications: list, read one, accept (the account becomes staff), decline. */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API, type ApplicationRecord } from '@unica/schemas'
import type { AppContext } from '../context.js'
import { appendAudit } from '../db/repositories/audit-log.js'
import {
  decideApplication,
  findApplication,
  listApplications,
  type CreatorApplicationRow,
} from '../db/repositories/creator-applications.js'
import { addStaff, lockStaff } from '../db/repositories/users.js'
import { PG_BIGINT_MAX } from '../db/limits.js'
import { ApiError, notFound } from '../errors.js'
import { staffOf } from './admin-guard.js'
import { pageLinks, pageOf, writeLimit } from './http.js'
import { endpoint } from './register.js'

export function applicationJson(a: CreatorApplicationRow): ApplicationRecord {
  return {
    id: a.id.toString(),
    wallet_address: a.walletAddress,
    name: a.name,
    email: a.email,
    alias: a.alias,
    about: a.about,
    twitter_url: a.twitterUrl,
    instagram_url: a.instagramUrl,
    facebook_url: a.facebookUrl,
    tiktok_url: a.tiktokUrl,
    behance_url: a.behanceUrl,
    portfolio_url: a.portfolioUrl,
    created_at: a.createdAt.toISOString(),
    status: a.status,
    decided_at: a.decidedAt?.toISOString() ?? null,
    decided_by: a.decidedBy,
  }
}

/** The path's id as a stored id: one past bigint range names no row. */
function storedId(text: string): bigint {
  const id = BigInt(text)
  if (id > PG_BIGINT_MAX) throw notFound('No such application.')
  return id
}

export function applicationRoutes(ctx: AppContext): FastifyPluginCallbackZod {
  const { database } = ctx
  const { db } = database
  return (app, _options, done) => {
    const limits = { config: writeLimit(ctx) }

    app.route({
      ...endpoint(API.listApplications),
      handler: async (request) => {
        const { limit, offset } = pageOf(request.query)
        const [rows, total] = await listApplications(db, request.query.status, limit, offset)
        return {
          count: total,
          ...pageLinks(ctx, request, total, limit, offset),
          results: rows.map(applicationJson),
        }
      },
    })

    app.route({
      ...endpoint(API.getApplication),
      handler: async (request) => {
        const row = await findApplication(db, storedId(request.params.id))
        if (row === undefined) throw notFound('No such application.')
        return applicationJson(row)
      },
    })

    /** Decides a pending application in one transaction with its audit row (and staff, if accepted). */
    const decide = async (
      id: bigint,
      status: 'accepted' | 'declined',
      actor: string,
      reason: string | undefined,
    ): Promise<ApplicationRecord> =>
      database.transaction(async (session) => {
        // Accepting changes who is staff: in the same order as every other staff change.
        if (status === 'accepted') await lockStaff(session)
        const row = await decideApplication(session.db, id, status, actor)
        if (row === undefined) {
          if ((await findApplication(session.db, id)) === undefined) {
            throw notFound('No such application.')
          }
          throw new ApiError(409, 'This application was already decided.')
        }
        if (status === 'accepted') await addStaff(session.db, row.walletAddress)
        await appendAudit(session.db, {
          actor,
          action: status === 'accepted' ? 'application.accept' : 'application.decline',
          target: id.toString(),
          details: {
            wallet_address: row.walletAddress,
            ...(reason === undefined ? {} : { reason }),
          },
        })
        return applicationJson(row)
      })

    app.route({
      ...endpoint(API.acceptApplication),
      ...limits,
      handler: async (request) =>
        decide(storedId(request.params.id), 'accepted', staffOf(request), undefined),
    })

    app.route({
      ...endpoint(API.declineApplication),
      ...limits,
      handler: async (request) =>
        decide(storedId(request.params.id), 'declined', staffOf(request), request.body.reason),
    })
    done()
  }
}
