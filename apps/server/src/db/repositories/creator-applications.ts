/** Table `creator_applications`: applications to become a creator, for staff to review. */
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { ApplicationStatus } from '@unica/schemas'
import type { Db } from '../connection.js'
import { creatorApplications } from '../schema.js'

export type NewCreatorApplication = Omit<
  typeof creatorApplications.$inferInsert,
  'id' | 'createdAt' | 'status' | 'decidedAt' | 'decidedBy'
>

export type CreatorApplicationRow = typeof creatorApplications.$inferSelect

/** Stores an application; resolves with its id. */
export async function insertCreatorApplication(
  db: Db,
  application: NewCreatorApplication,
): Promise<bigint> {
  const [row] = await db
    .insert(creatorApplications)
    .values(application)
    .returning({ id: creatorApplications.id })
  return row.id
}

/** A page of applications (of one status, or all), newest first, and their number. */
export async function listApplications(
  db: Db,
  status: ApplicationStatus | undefined,
  limit: number,
  offset: number,
): Promise<[CreatorApplicationRow[], number]> {
  const where = status === undefined ? undefined : eq(creatorApplications.status, status)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(creatorApplications)
      .where(where)
      .orderBy(desc(creatorApplications.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(creatorApplications).where(where),
  ])
  return [rows, total.total]
}

export async function findApplication(
  db: Db,
  id: bigint,
): Promise<CreatorApplicationRow | undefined> {
  return (await db.select().from(creatorApplications).where(eq(creatorApplications.id, id))).at(0)
}

/**
 * Accepts or declines a pending application, once: of two staff deciding together, one wins (the
 * UPDATE's row lock re-checks `pending`), the other gets undefined.
 */
export async function decideApplication(
  db: Db,
  id: bigint,
  status: Exclude<ApplicationStatus, 'pending'>,
  by: string,
): Promise<CreatorApplicationRow | undefined> {
  const rows = await db
    .update(creatorApplications)
    .set({ status, decidedAt: sql`now()`, decidedBy: by })
    .where(and(eq(creatorApplications.id, id), eq(creatorApplications.status, 'pending')))
    .returning()
  return rows.at(0)
}
