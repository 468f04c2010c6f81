/**
 * Who a request is signed in as (docs/security.md W24): the session cookie's token, looked up by
 * its SHA-256 among sessions neither revoked nor expired. `X-View-As` is never consulted here.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_COOKIE } from '@unica/schemas'
import type { Repositories } from '../db/repositories/for-routes.js'
import type { LiveSession } from '../db/repositories/sessions.js'

/** How long a session lasts. */
export const SESSION_MS = 30 * 24 * 60 * 60 * 1000

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex')

export const newToken = (): string => randomBytes(32).toString('base64url')
export const newSessionId = (): string => randomBytes(8).toString('hex')

export async function requestSession(
  repos: Pick<Repositories, 'findSession'>,
  request: FastifyRequest,
): Promise<LiveSession | undefined> {
  const token = request.cookies[SESSION_COOKIE]
  if (token === undefined || token.length === 0 || token.length > 100) return undefined
  return repos.findSession(tokenHash(token))
}

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date): void {
  // secure 'auto': Secure over HTTPS (also behind a TLS proxy with TRUST_PROXY), plain on http.
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    path: '/',
    expires,
  })
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
  })
}
