/**
 * Applies the committed SQL migrations (apps/server/migrations/NNNN_name.sql) in name order, each
 * once, recorded in `schema_migrations`. All of it runs in one transaction under an advisory lock,
 * so several server instances starting together apply each migration exactly once.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './connection.js'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url))

/** An arbitrary constant naming "Unica migrations" for pg_advisory_xact_lock. */
const MIGRATION_LOCK = 0x756e6963

export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort()
  return database.transaction(async (session) => {
    await session.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await session.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    )
    const done = new Set(
      (await session.query<{ name: string }>('SELECT name FROM schema_migrations')).map(
        (r) => r.name,
      ),
    )
    const applied: string[] = []
    for (const file of files) {
      if (done.has(file)) continue
      await session.exec(await readFile(join(dir, file), 'utf8'))
      await session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file])
      applied.push(file)
    }
    return applied
  })
}
