/** Table `creator_applications`: applications to become a creator, for staff to review. */
import type { Db } from '../connection.js'
import { creatorApplications } from '../schema.js'

export type NewCreatorApplication = Omit<
  typeof creatorApplications.$inferInsert,
  'id' | 'createdAt'
>

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
