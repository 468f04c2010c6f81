/**
 * Wallet sign-in and sessions (docs/security.md W24): challenge, sign_in, session, sign_out,
 * sessions and revoke. Every POST carries the CSRF token like any other; the session cookie is
 * HttpOnly and SameSite=Lax.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API, SIGN_IN_CHALLENGE_MS, signInNote } from '@unica/schemas'
import {
  clearSessionCookie,
  newSessionId,
  newToken,
  requestSession,
  SESSION_MS,
  setSessionCookie,
  tokenHash,
} from '../auth/session.js'
import { readSignIn, signInProblem } from '../auth/sign-in.js'
import type { RouteContext } from '../context.js'
import { ApiError, badRequest, chainLag, notFound } from '../errors.js'
import { orNotFound } from '../verify/chain-read.js'
import { writeLimit } from './http.js'
import { endpoint } from './register.js'

/** At most this many characters of origin go into a note (Algorand notes hold 1 KiB). */
const MAX_ORIGIN = 200

export function authRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  /** This site's origin as browsers reach it: PUBLIC_URL's, else the request's own. */
  const siteOrigin = (request: FastifyRequest): string =>
    ctx.publicUrl !== undefined
      ? new URL(ctx.publicUrl).origin
      : `${request.protocol}://${request.host}`

  /** A browser names the page's origin: a sign-in relayed by another site is refused. */
  const foreignOrigin = (request: FastifyRequest): string | undefined => {
    const origin = request.headers.origin
    return typeof origin === 'string' && origin !== siteOrigin(request) ? origin : undefined
  }

  const unauthorized = (): ApiError => new ApiError(401, 'Sign in with your wallet first.')

  return (app, _options, done) => {
    const { repos } = ctx
    const limits = { config: writeLimit(ctx) }

    app.route({
      ...endpoint(API.signInChallenge),
      ...limits,
      handler: async (request, reply) => {
        const origin = siteOrigin(request)
        if (origin.length > MAX_ORIGIN) throw badRequest('This site’s address is too long.')
        const nonce = randomBytes(16).toString('hex')
        const expires = new Date(Date.now() + SIGN_IN_CHALLENGE_MS)
        await repos.pruneChallenges()
        await repos.createChallenge({ nonce, origin, expiresAt: expires })
        const expiresAt = expires.toISOString()
        return reply.code(201).send({
          nonce,
          origin,
          expires_at: expiresAt,
          note: signInNote(origin, nonce, expiresAt),
        })
      },
    })

    app.route({
      ...endpoint(API.signIn),
      ...limits,
      handler: async (request, reply) => {
        const refuse = (message: string): ApiError => badRequest(message, { signed_txn: [message] })
        const foreign = foreignOrigin(request)
        if (foreign !== undefined) {
          throw refuse(`This sign-in comes from another site (${foreign}); it is refused.`)
        }
        const read = readSignIn(request.body.signed_txn)
        if (typeof read === 'string') throw refuse(read)
        const origin = siteOrigin(request)
        if (read.origin !== origin) {
          throw refuse(
            `This challenge was signed for another site (${read.origin}), not ${origin}.`,
          )
        }
        const [account, status] = await Promise.all([
          orNotFound(() => ctx.chain.algod.accountInformation(read.account).exclude('all').do()),
          ctx.chain.algod
            .status()
            .do()
            .catch(() => {
              throw chainLag('The Algorand node could not be reached. Try again.')
            }),
        ])
        const problem = signInProblem(read, {
          origin,
          authAddress: account?.authAddr?.toString(),
          genesisHash: ctx.chain.genesisHash,
          currentRound: status.lastRound,
        })
        if (problem !== undefined) throw refuse(problem)
        // Only now, with a good signature, is the nonce spent (a forgery cannot burn it).
        const use = await repos.useChallenge(read.nonce)
        if (!use.ok) {
          throw refuse(
            use.reason === 'used'
              ? 'This challenge was already used; ask for a new one.'
              : use.reason === 'expired'
                ? 'This challenge has expired (5 minutes); ask for a new one.'
                : 'This challenge was not issued here; ask for a new one.',
          )
        }
        if (use.origin !== origin) {
          throw refuse(`This challenge was issued for another site (${use.origin}).`)
        }
        const token = newToken()
        const expires = new Date(Date.now() + SESSION_MS)
        await repos.createSession({
          id: newSessionId(),
          tokenHash: tokenHash(token),
          account: read.account,
          expiresAt: expires,
        })
        setSessionCookie(reply, token, expires)
        return { address: read.account, expires_at: expires.toISOString() }
      },
    })

    app.route({
      ...endpoint(API.getSession),
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const session = await requestSession(repos, request)
        return session === undefined
          ? { address: null, expires_at: null }
          : { address: session.account, expires_at: session.expiresAt.toISOString() }
      },
    })

    app.route({
      ...endpoint(API.signOut),
      handler: async (request, reply) => {
        const session = await requestSession(repos, request)
        if (session !== undefined) await repos.revokeSession(session.account, session.id)
        clearSessionCookie(reply)
        return {}
      },
    })

    app.route({
      ...endpoint(API.listSessions),
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const session = await requestSession(repos, request)
        if (session === undefined) throw unauthorized()
        const rows = await repos.listSessions(session.account)
        return {
          results: rows.map((r) => ({
            id: r.id,
            created_at: r.createdAt.toISOString(),
            expires_at: r.expiresAt.toISOString(),
            current: r.id === session.id,
          })),
        }
      },
    })

    app.route({
      ...endpoint(API.revokeSession),
      handler: async (request, reply) => {
        const session = await requestSession(repos, request)
        if (session === undefined) throw unauthorized()
        if (!(await repos.revokeSession(session.account, request.params.id))) {
          throw notFound('No such session of yours.')
        }
        if (request.params.id === session.id) clearSessionCookie(reply)
        return {}
      },
    })
    done()
  }
}
