/**
 * Wallet sign-in (docs/security.md W24): the server hands out a challenge, the wallet signs a
 * never-sent 0-Algo payment to itself whose note is `signInNote(...)`, and the server answers with
 * an HttpOnly session cookie. Sessions can be listed and revoked.
 */
import { z } from 'zod'
import { Address } from './common.js'

/** The session cookie (HttpOnly, SameSite=Lax, Secure over https). */
export const SESSION_COOKIE = 'unica_session'

/** A challenge is good for this long. */
export const SIGN_IN_CHALLENGE_MS = 5 * 60 * 1000

/**
 * What the wallet signs: the site's origin, the server's single-use nonce and the expiry, so a
 * signature made for another site, reused, or late is refused.
 */
export function signInNote(origin: string, nonce: string, expiresAt: string): string {
  return `unica:sign_in:v1:${origin}:${nonce}:${expiresAt}`
}

export const SignInChallenge = z.object({
  nonce: z.string(),
  /** The note to sign, exactly. */
  note: z.string(),
  origin: z.string(),
  expires_at: z.string(),
})
export type SignInChallenge = z.infer<typeof SignInChallenge>

export const SignInBody = z.object({
  /**
   * Base64 of the signed transaction: a 0-Algo payment from the account to itself on this
   * network with the challenge's note and an empty validity window (first valid round 2, last
   * valid round 1; a window already past is accepted too), so it can never be committed.
   */
  signed_txn: z
    .string({ error: 'This field is required.' })
    .min(1, 'This field is required.')
    .max(4096, 'Too large.'),
})

export const SessionAnswer = z.object({
  /** The signed-in account, or null. */
  address: Address.nullable(),
  expires_at: z.string().nullable(),
})
export type SessionAnswer = z.infer<typeof SessionAnswer>

export const SessionInfo = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  /** The session of this request. */
  current: z.boolean(),
})
export type SessionInfo = z.infer<typeof SessionInfo>

export const SessionList = z.object({ results: z.array(SessionInfo) })

export const SessionIdParam = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/, 'Not a session id.'),
})

export const EmptyAnswer = z.object({})
