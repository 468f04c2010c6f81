/** A follower that dies mid-transaction (a kill -9), for crash tests. */
import { sessionOf, type Database, type RawSession } from '../../src/db/index.js'

/** Rejects with the messages of the error and its causes (Drizzle wraps the driver's error). */
export async function withCauses<T>(promise: Promise<T>): Promise<T> {
  const messages = (e: unknown): string[] =>
    e instanceof Error ? [e.message, ...messages(e.cause)] : []
  return promise.catch((e: unknown) => {
    throw new Error(messages(e).join('\n'))
  })
}

/** The database, except that a round's transaction dies after `n` statements (a kill -9). */
export function crashAfter(database: Database, n: number): Database {
  return {
    ...database,
    transaction: (fn) =>
      database.transaction(async (s) => {
        let left = n
        const dying: RawSession = {
          exec: (sqlText) => s.exec(sqlText),
          query: (...args) => {
            if (left-- === 0) throw new Error('killed')
            return s.query(...args)
          },
        }
        return fn(sessionOf(dying))
      }),
  }
}
