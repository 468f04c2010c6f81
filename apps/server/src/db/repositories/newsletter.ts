/** Table `newsletter_subscriptions`. */
import type { Db } from '../connection.js'
import { newsletterSubscriptions } from '../schema.js'

/** Subscribes `email` (already normalised); subscribing twice changes nothing. */
export async function subscribe(db: Db, email: string): Promise<void> {
  await db.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing()
}
