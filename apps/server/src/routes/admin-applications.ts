/** The console's creator applications: list, read one, accept (the account becomes staff), decline. */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API, type ApplicationRecord } from '@unica/schemas'
import type { RouteContext } from '../context.js'
import type { CreatorApplicationRow } from '../db/repositories/creator-applications.js'
import { PG_BIGINT_MAX } from '../db/limits.js'
import { ApiError, notFound } from '../errors.js'
import { staffOf } from './admin-guard.js'
import { pageLinks, pageOf, writeLimit } from './http.js'
import { endpoint } from './register.js'

function applicationJson(a: CreatorApplicationRow): ApplicationRecord {
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

export function applicationRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  const { repos } = ctx
  return (app, _options, done) => {
    const limits = { config: writeLimit(ctx) }

    app.route({
      ...endpoint(API.listApplications),
      handler: async (request) => {
        const { limit, offset } = pageOf(request.query)
        const [rows, total] = await repos.listApplications(request.query.status, limit, offset)
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
        const row = await repos.findApplication(storedId(request.params.id))
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
      repos.transaction(async (tx) => {
        // Accepting changes who is staff: in the same order as every other staff change.
        if (status === 'accepted') await tx.lockStaff()
        const row = await tx.decideApplication(id, status, actor)
        if (row === undefined) {
          if ((await tx.findApplication(id)) === undefined) {
            throw notFound('No such application.')
          }
          throw new ApiError(409, 'This application was already decided.')
        }
        if (status === 'accepted') await tx.addStaff(row.walletAddress)
        await tx.appendAudit({
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
