/**
 * The staff console's API (`/api/admin/...`, issue 19). One hook guards every route of this
 * plugin, on every request, before anything else of the route runs: the session cookie must name
 * a live session (neither expired nor revoked), else 401, and its account must be staff now, read
 * again at each request, else 403. The global CSRF hook (app.ts) has already refused an unsafe
 * method without the token. X-View-As grants nothing here. Every answer is `no-store`.
 *
 * Each write runs in one transaction with its audit row (repositories/audit-log.ts).
 */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { requestSession } from '../auth/session.js'
import type { AppContext } from '../context.js'
import { isStaff } from '../db/repositories/users.js'
import { ApiError } from '../errors.js'
import { applicationRoutes } from './admin-applications.js'
import { moderationRoutes } from './admin-moderation.js'
import { reportRoutes } from './admin-reports.js'
import { staffRoutes } from './admin-staff.js'

/** The staff account each guarded request was checked for. */
const checked = new WeakMap<FastifyRequest, string>()

/** The staff account making this request (the guard ran before any handler of the console). */
export function staffOf(request: FastifyRequest): string {
  const account = checked.get(request)
  if (account === undefined) throw new ApiError(401, 'Sign in with your wallet first.')
  return account
}

export function adminRoutes(ctx: AppContext): FastifyPluginCallbackZod {
  const { db } = ctx.database
  return (app, _options, done) => {
    app.addHook('onRequest', async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      const session = await requestSession(db, request)
      if (session === undefined) throw new ApiError(401, 'Sign in with your wallet first.')
      if (!(await isStaff(db, session.account))) {
        throw new ApiError(403, 'The staff console is for staff accounts only.')
      }
      checked.set(request, session.account)
    })
    void app.register(applicationRoutes(ctx))
    void app.register(staffRoutes(ctx))
    void app.register(moderationRoutes(ctx))
    void app.register(reportRoutes(ctx))
    done()
  }
}
