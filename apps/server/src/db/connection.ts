/**
 * The database: PostgreSQL through node-postgres when a URL is given, else PGlite (PostgreSQL
 * compiled to WebAssembly, in-process) in a data directory or in memory. Both speak the same SQL,
 * so one Drizzle schema and one set of migrations serve both.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzleProxy } from 'drizzle-orm/pg-proxy'
import pg from 'pg'
import { schema } from './schema.js'

/**
 * Drizzle on the database: the pool's (`Database.db`) or one transaction's (`Session.db`). The
 * repositories (db/repositories/) take one, so the same function runs alone or inside a
 * transaction. Its `execute()` answers differently per driver: repositories use the builders.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** Raw SQL on one connection, for migrations and locks. */
export interface RawSession {
  /** Runs one or more statements without parameters. */
  exec(sqlText: string): Promise<void>
  /** Rows as objects keyed by column name, or as arrays of values with `rowMode` 'array'. */
  query<T>(sqlText: string, params?: unknown[], rowMode?: 'array'): Promise<T[]>
}

/** One connection inside a transaction: Drizzle and raw SQL, every statement through `query`. */
export interface Session extends RawSession {
  readonly db: Db
}

/**
 * A transaction's Session: Drizzle (its proxy driver) sends each statement through the raw
 * session's `query`, so a transaction is one connection and one choke point (the follower's
 * crash test kills it at any statement there).
 */
export function sessionOf(raw: RawSession): Session {
  const db = drizzleProxy(
    async (sqlText, params, method) => ({
      rows: await raw.query(sqlText, params, method === 'all' ? 'array' : undefined),
    }),
    { schema },
  ) as unknown as Db
  return { exec: (sqlText) => raw.exec(sqlText), query: (...args) => raw.query(...args), db }
}

export interface Database {
  readonly kind: 'pglite' | 'postgres'
  readonly db: Db
  /** Runs `fn` on one connection inside a transaction (commit on success, rollback on throw). */
  transaction<T>(fn: (session: Session) => Promise<T>): Promise<T>
  /**
   * One parameterised statement outside a transaction (any pooled connection). With a `name`
   * (from `statementName`), PostgreSQL parses it once per connection and keeps it; PGlite, one
   * in-process connection, has no use for names and ignores it. `plan: 'once'` (with a name)
   * makes PostgreSQL plan it once per connection, without its values, and keep that plan: for
   * statements whose SQL fixes everything a plan depends on (literals for any filter a partial
   * index names, and for skewed ones), whose planning costs more than running them (the activity
   * feed: 0.43 ms against 0.09 ms). Each such statement's kept plan is checked by a test
   * (kept-plans.test.ts).
   */
  query<T>(sqlText: string, params?: unknown[], name?: string, plan?: 'once'): Promise<T[]>
  /**
   * LISTENs on `channel` (a lower-case identifier) and calls `onNotify` for each notification,
   * and also after the listening connection was lost and made again (notifications may have been
   * missed meanwhile). Resolves, once listening, with the function that stops it.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>
  /**
   * Takes the session-level advisory lock `name` (per schema) on a connection of its own and holds
   * it until `release()` or until that connection is lost (`lost` resolves then: the lock is gone,
   * since PostgreSQL frees a session's locks when its connection ends, e.g. its process was
   * killed). Resolves undefined at once when another session holds it. PGlite is one process's
   * database: the lock is always this process's.
   */
  lease(name: string): Promise<Lease | undefined>
  /** PostgreSQL's pool use (for /metrics); PGlite, one in-process connection, has none. */
  poolStats?(): PoolStats
  close(): Promise<void>
}

/** A held advisory lock (Database.lease). */
export interface Lease {
  /** Resolves when the lock was lost with its connection. */
  readonly lost: Promise<void>
  release(): Promise<void>
}

/** A connection pool's use: connections open, idle among them, and callers waiting for one. */
export interface PoolStats {
  readonly total: number
  readonly idle: number
  readonly waiting: number
}

export interface DatabaseOptions {
  /** postgres://... ; when absent, PGlite is used. */
  readonly url?: string
  /** PGlite data directory; in memory when absent. */
  readonly dataDir?: string
  /** PostgreSQL schema to use as search_path (tests use one schema per file). */
  readonly searchPath?: string
  readonly poolSize?: number
  /**
   * An in-memory PGlite starts from this dump (PGlite's dumpDataDir) instead of running initdb,
   * which takes seconds: for processes that open many fresh databases (tests, the launcher).
   */
  readonly pgliteTemplate?: Blob
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  return options.url === undefined
    ? openPglite(options.dataDir, options.pgliteTemplate)
    : Promise.resolve(openPostgres(options))
}

async function openPglite(
  dataDir: string | undefined,
  template: Blob | undefined,
): Promise<Database> {
  // PGlite is one process's database: a second process on the same directory would corrupt it.
  const unlock = dataDir === undefined ? () => undefined : lockDirectory(dataDir)
  let client: PGlite
  try {
    // pg_trgm: search's typo tolerance (migration 0004); PGlite ships it as a contrib module.
    const extensions = { pg_trgm }
    client =
      dataDir !== undefined
        ? new PGlite(dataDir, { extensions })
        : template !== undefined
          ? new PGlite({ loadDataDir: template, extensions })
          : new PGlite({ extensions })
    await client.waitReady
  } catch (error) {
    unlock()
    throw error
  }
  const query = async <T>(sqlText: string, params?: unknown[]): Promise<T[]> =>
    (await client.query<T>(sqlText, params)).rows
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema }) as unknown as Db,
    // PGlite is one connection; its transaction() serialises callers.
    transaction: (fn) =>
      client.transaction(async (tx) =>
        fn(
          sessionOf({
            exec: async (sqlText) => {
              await tx.exec(sqlText)
            },
            query: async <T>(sqlText: string, params?: unknown[], rowMode?: 'array') =>
              (await tx.query<T>(sqlText, params, { rowMode: rowMode ?? 'object' })).rows,
          }),
        ),
      ),
    query,
    // One in-process backend: its NOTIFYs reach its own LISTENs when their transaction commits.
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, () => {
        onNotify()
      })
      return async () => {
        if (!client.closed) await unlisten()
      }
    },
    lease: () =>
      Promise.resolve({ lost: new Promise<void>(() => undefined), release: async () => {} }),
    close: async () => {
      await client.close()
      unlock()
    },
  }
}

/**
 * The name of a kept (prepared) statement: derived from its text, so one name never stands for
 * two texts on a connection, and every instance of the server names a statement alike.
 */
export function statementName(sqlText: string): string {
  return `unica_${createHash('sha256').update(sqlText).digest('hex').slice(0, 32)}`
}

function openPostgres(options: DatabaseOptions): Database {
  const connection = {
    connectionString: options.url,
    ...(options.searchPath === undefined
      ? {}
      : { options: `-c search_path=${options.searchPath}` }),
  }
  const pool = new pg.Pool({
    ...connection,
    max: options.poolSize ?? 10,
    // Named statements are kept parsed (that saves PostgreSQL about a fifth of a list request;
    // README "Benchmark") but still planned at every execution with its values: a generic plan
    // would be blind to e.g. which status or how large an offset. The pool runs this before it
    // hands out a new connection (PostgreSQL 12 or later).
    // pg-pool awaits onConnect (and fails the connection if it throws); @types/pg says void.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect: async (client) => {
      await client.query('SET plan_cache_mode = force_custom_plan')
    },
  })
  // Statements sent with `plan: 'once'`: a few connections that keep each statement's generic
  // plan from its first execution, made on first use. Not PostgreSQL's default mode, which keeps
  // a generic plan only when its estimate is no worse than the custom ones': a LIMIT given as a
  // value (search's window) is estimated at a tenth of the table, so it never would be. Kept
  // apart so that no other statement's plan can be kept by accident.
  let plannedOnce: pg.Pool | undefined
  const plannedOncePool = (): pg.Pool => {
    if (plannedOnce === undefined) {
      plannedOnce = new pg.Pool({
        ...connection,
        max: Math.max(1, Math.min(4, options.poolSize ?? 10)),
        // eslint-disable-next-line @typescript-eslint/no-misused-promises
        onConnect: async (client) => {
          await client.query('SET plan_cache_mode = force_generic_plan')
        },
      })
      plannedOnce.on('error', () => undefined)
    }
    return plannedOnce
  }
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => undefined)
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema }),
    transaction: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(
          sessionOf({
            exec: async (sqlText) => {
              await client.query(sqlText)
            },
            query: async <T>(sqlText: string, params?: unknown[], rowMode?: 'array') =>
              (rowMode === 'array'
                ? await client.query({ text: sqlText, values: params, rowMode })
                : await client.query(sqlText, params)
              ).rows as T[],
          }),
        )
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    query: async <T>(sqlText: string, params?: unknown[], name?: string, plan?: 'once') =>
      (
        await (plan === 'once' && name !== undefined ? plannedOncePool() : pool).query({
          text: sqlText,
          values: params,
          name,
        })
      ).rows as T[],
    listen: (channel, onNotify) => listenPostgres(options, channel, onNotify),
    lease: (name) => leasePostgres(options, name),
    poolStats: () => ({
      total: pool.totalCount + (plannedOnce?.totalCount ?? 0),
      idle: pool.idleCount + (plannedOnce?.idleCount ?? 0),
      waiting: pool.waitingCount + (plannedOnce?.waitingCount ?? 0),
    }),
    close: async () => {
      await Promise.all([pool.end(), plannedOnce?.end()])
    },
  }
}

const LISTEN_RETRY_MS = 1000

/**
 * A connection of its own that LISTENs (a pooled one would be handed to others); when it is lost,
 * it is made again after a pause and `onNotify` is called so the listener catches up.
 */
async function listenPostgres(
  options: DatabaseOptions,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`)
  let stopped = false
  let current: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined
  const schedule = (): void => {
    if (stopped) return
    retry = setTimeout(() => {
      connect().then(onNotify, schedule)
    }, LISTEN_RETRY_MS)
  }
  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: options.url,
      ...(options.searchPath === undefined
        ? {}
        : { options: `-c search_path=${options.searchPath}` }),
    })
    client.on('notification', () => {
      onNotify()
    })
    // Only a connection that was listening is made again here; a failed attempt is by `schedule`.
    const lost = (): void => {
      if (current !== client) return
      current = undefined
      void client.end().catch(() => undefined)
      schedule()
    }
    client.on('error', () => undefined)
    try {
      await client.connect()
      await client.query(`LISTEN ${channel}`)
    } catch (error) {
      void client.end().catch(() => undefined)
      throw error
    }
    if (stopped) {
      await client.end()
      return
    }
    current = client
    client.on('error', lost)
    client.on('end', lost)
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    await current?.end().catch(() => undefined)
  }
}

/**
 * A session advisory lock on a connection of its own (a pooled one would be handed to others and
 * keep the lock). Raw SQL: a lock is a function call on no table.
 */
async function leasePostgres(options: DatabaseOptions, name: string): Promise<Lease | undefined> {
  const client = new pg.Client({
    connectionString: options.url,
    // Notice a silently dropped connection (no FIN) within about a minute, not hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(options.searchPath === undefined
      ? {}
      : { options: `-c search_path=${options.searchPath}` }),
  })
  client.on('error', () => undefined)
  await client.connect()
  let locked: boolean
  try {
    const result = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_lock(hashtext(current_schema() || '.unica.lease.' || $1)) AS locked",
      [name],
    )
    locked = result.rows[0].locked
  } catch (error) {
    await client.end().catch(() => undefined)
    throw error
  }
  if (!locked) {
    await client.end()
    return undefined
  }
  let released = false
  const lost = new Promise<void>((resolve) => {
    client.once('end', () => {
      if (!released) resolve()
    })
  })
  return {
    lost,
    release: async () => {
      released = true
      await client.end().catch(() => undefined)
    },
  }
}

export class DatabaseBusyError extends Error {}

/**
 * Takes `<dir>.lock` (holding our pid) or throws DatabaseBusyError while a live process holds it;
 * a lock left by a dead process is taken over. Returns the release function.
 */
export function lockDirectory(dir: string): () => void {
  const lock = `${dir}.lock`
  mkdirSync(join(dir, '..'), { recursive: true })
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' })
      return () => {
        rmSync(lock, { force: true })
      }
    } catch {
      const pid = Number(readFileSync(lock, 'utf8'))
      if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseBusyError(
          `process ${pid} has the embedded database ${dir} open; stop it first, or use PostgreSQL (DATABASE_URL) to share one database between processes`,
        )
      }
      rmSync(lock, { force: true })
    }
  }
  throw new DatabaseBusyError(`could not lock ${dir}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** A dump of a fresh, empty PGlite cluster, to pass as `pgliteTemplate`. */
export async function emptyPgliteTemplate(): Promise<Blob> {
  const client = new PGlite()
  try {
    await client.waitReady
    return await client.dumpDataDir('none')
  } finally {
    await client.close()
  }
}
