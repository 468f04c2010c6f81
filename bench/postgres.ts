/** The benchmarks' PostgreSQL: a database of their own on the local server, kept between runs. */
import pg from 'pg'

/**
 * BENCH_DATABASE_URL when set, else `databaseName` on the local server (created if missing); null
 * when PostgreSQL does not answer.
 */
export async function postgresUrl(databaseName: string): Promise<string | null> {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    if (process.env.BENCH_DATABASE_URL !== undefined) return admin
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      databaseName,
    ])
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${databaseName}`)
    return admin.replace(/\/[^/]*$/, `/${databaseName}`)
  } catch {
    return null
  } finally {
    await client.end().catch(() => undefined)
  }
}
