/**
 * Statements built once per shape and sent named, for the hot read paths (the activity feed,
 * search). Building a statement with Drizzle costs about 80 µs, more than many of these queries
 * take in PostgreSQL, and a named statement is parsed once per connection (db/connection.ts).
 * A shape is what changes the SQL text (which filters are present, an ordering, a tier), never a
 * value: values fill the statement's placeholders. Shapes are few and fixed by the code, so the
 * statements stay few whatever clients send. Rows come back keyed by column name, unmapped.
 */
import { fillPlaceholders } from 'drizzle-orm'
import { statementName, type Database } from '../connection.js'

interface Kept {
  readonly sql: string
  readonly params: unknown[]
  readonly name: string
}

export class KeptStatements {
  private readonly byShape = new Map<string, Kept>()

  constructor(private readonly database: Database) {}

  /**
   * Runs the statement of `shape` (built by `build` the first time) with `values`; `plan: 'once'`
   * for a statement whose text fixes what its plan depends on (db/connection.ts).
   */
  run<T>(
    shape: string,
    build: () => { sql: string; params: unknown[] },
    values: Record<string, unknown>,
    plan?: 'once',
  ): Promise<T[]> {
    let kept = this.byShape.get(shape)
    if (kept === undefined) {
      const built = build()
      kept = { sql: built.sql, params: built.params, name: statementName(built.sql) }
      this.byShape.set(shape, kept)
    }
    return this.database.query<T>(kept.sql, fillPlaceholders(kept.params, values), kept.name, plan)
  }
}
