/**
 * The staff console's guard (issue 19): on every request of the console, before anything else of
 * the route runs, the session cookie must name a live session (neither expired nor revoked), else
 * 401, and its account must be staff now, read again at each request, else 403. The console's
 * route files read the account it checked with `staffOf`; admin.ts installs the guard. Apart from
 * admin.ts so that those route files and admin.ts, which registers them, import no one another.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { requestSession } from '../auth/session.js'
import type { RouteContext } from '../context.js'
import { ApiError } from '../errors.js'

/** The staff account each guarded request was checked for. */
const checked = new WeakMap<FastifyRequest, string>()

/** The staff account making this request (the guard ran before any handler of the console). */
export function staffOf(request: FastifyRequest): string {
  const account = checked.get(request)
  if (account === undefined) throw new ApiError(401, 'Sign in with your wallet first.')
  return account
}

/** The onRequest hook that checks the session and the staff flag, and remembers the account. */
export function staffGuard(
  ctx: RouteContext,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const { repos } = ctx
  return async (request, reply) => {
    void reply.header('cache-control', 'no-store')
    const session = await requestSession(repos, request)
    if (session === undefined) throw new ApiError(401, 'Sign in with your wallet first.')
    if (!(await repos.isStaff(session.account))) {
      throw new ApiError(403, 'The staff console is for staff accounts only.')
    }
    checked.set(request, session.account)
  }
}
