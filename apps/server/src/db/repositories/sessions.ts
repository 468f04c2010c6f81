/** Tables `sign_in_challenges` and `sessions`: wallet sign-in (docs/security.md W24). */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { sessions, signInChallenges } from '../schema.js'

export async function createChallenge(
  db: Db,
  challenge: { nonce: string; origin: string; expiresAt: Date },
): Promise<void> {
  await db.insert(signInChallenges).values(challenge)
}

export type ChallengeUse =
  | { readonly ok: true; readonly origin: string }
  | { readonly ok: false; readonly reason: 'unknown' | 'used' | 'expired' }

/**
 * Marks the challenge used, once: of two sign-ins racing with one nonce, one wins (the UPDATE's
 * row lock), the other finds it used.
 */
export async function useChallenge(db: Db, nonce: string): Promise<ChallengeUse> {
  const won = (
    await db
      .update(signInChallenges)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(signInChallenges.nonce, nonce),
          isNull(signInChallenges.usedAt),
          gt(signInChallenges.expiresAt, sql`now()`),
        ),
      )
      .returning({ origin: signInChallenges.origin })
  ).at(0)
  if (won !== undefined) return { ok: true, origin: won.origin }
  const row = (
    await db
      .select({ usedAt: signInChallenges.usedAt })
      .from(signInChallenges)
      .where(eq(signInChallenges.nonce, nonce))
  ).at(0)
  if (row === undefined) return { ok: false, reason: 'unknown' }
  return { ok: false, reason: row.usedAt === null ? 'expired' : 'used' }
}

/** Drops challenges past their expiry (a challenge is useless then). */
export async function pruneChallenges(db: Db): Promise<void> {
  await db.delete(signInChallenges).where(sql`${signInChallenges.expiresAt} < now()`)
}

export async function createSession(
  db: Db,
  session: { id: string; tokenHash: string; account: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session)
}

export interface LiveSession {
  readonly id: string
  readonly account: string
  readonly expiresAt: Date
}

const live = (tokenHash: string) =>
  and(
    eq(sessions.tokenHash, tokenHash),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
  )

/** The session of this token if it is neither revoked nor expired. */
export async function findSession(db: Db, tokenHash: string): Promise<LiveSession | undefined> {
  const rows = await db
    .select({ id: sessions.id, account: sessions.account, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(live(tokenHash))
  return rows.at(0)
}

export async function listSessions(
  db: Db,
  account: string,
): Promise<{ id: string; createdAt: Date; expiresAt: Date }[]> {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.account, account),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.createdAt))
}

/** Revokes the account's session `id`; answers whether there was one to revoke. */
export async function revokeSession(db: Db, account: string, id: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), eq(sessions.account, account), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return rows.length > 0
}
