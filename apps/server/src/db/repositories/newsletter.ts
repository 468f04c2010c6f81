/** Table `newsletter_subscriptions`. */
import { asc } from 'drizzle-orm'
import type { Db } from '../connection.js'
import { newsletterSubscriptions } from '../schema.js'

/** Subscribes `email` (already normalised); subscribing twice changes nothing. */
export async function subscribe(db: Db, email: string): Promise<void> {
  await db.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing()
}

/** Every subscriber, oldest first (the staff console's CSV export). */
export async function subscribers(db: Db): Promise<{ email: string; createdAt: Date }[]> {
  return db
    .select({ email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .orderBy(asc(newsletterSubscriptions.createdAt), asc(newsletterSubscriptions.email))
}
