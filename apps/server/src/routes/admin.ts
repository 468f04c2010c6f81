/**
 * The staff console's API (`/api/admin/...`, issue 19). One hook guards every route of this
 * plugin, on every request, before anything else of the route runs (admin-guard.ts: a live
 * session of an account that is staff now). The global CSRF hook (app.ts) has already refused an
 * unsafe method without the token. X-View-As grants nothing here. Every answer is `no-store`.
 *
 * Each write runs in one transaction with its audit row (repositories/audit-log.ts).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import type { RouteContext } from '../context.js'
import { applicationRoutes } from './admin-applications.js'
import { staffGuard } from './admin-guard.js'
import { moderationRoutes } from './admin-moderation.js'
import { reportRoutes } from './admin-reports.js'
import { staffRoutes } from './admin-staff.js'

export function adminRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.addHook('onRequest', staffGuard(ctx))
    void app.register(applicationRoutes(ctx))
    void app.register(staffRoutes(ctx))
    void app.register(moderationRoutes(ctx))
    void app.register(reportRoutes(ctx))
    done()
  }
}
