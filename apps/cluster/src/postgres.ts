/**
 * The cluster's PostgreSQL: the one DATABASE_URL names (used as it is), else a fresh database on
 * the server TEST_DATABASE_URL names (dropped at the end), else a throwaway server started from
 * Debian's postgresql package binaries (initdb + pg_ctl in a temporary directory).
 */
import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { freePort } from './ports.js'

const run = promisify(execFile)

export interface Postgres {
  readonly url: string
  /** Where it came from, for the banner. */
  readonly origin: string
  stop(): Promise<void>
}

/** Whether a PostgreSQL answers at `url` within a few seconds. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** The binaries of Debian's postgresql package (the newest version installed), if any. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length === 0 ? undefined : join(root, versions[0], 'bin')
}

const nonEmpty = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v.trim()

/** What providePostgres would use, without starting anything (tests skip when none). */
export async function postgresAvailable(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  for (const url of [nonEmpty(env.DATABASE_URL), nonEmpty(env.TEST_DATABASE_URL)]) {
    if (url !== undefined && (await answers(url))) return true
  }
  return postgresBin() !== undefined
}

export async function providePostgres(
  dir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Postgres> {
  const given = nonEmpty(env.DATABASE_URL)
  if (given !== undefined && (await answers(given))) {
    return { url: given, origin: 'DATABASE_URL', stop: () => Promise.resolve() }
  }
  const test = nonEmpty(env.TEST_DATABASE_URL)
  if (test !== undefined && (await answers(test))) return freshDatabase(test)
  const bin = postgresBin()
  if (bin === undefined) {
    throw new Error(
      'no PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL, or install Debian\'s "postgresql" package',
    )
  }
  return startServer(bin, join(dir, 'postgres'))
}

/** A new database on an existing server, dropped (with its connections) by stop(). */
async function freshDatabase(serverUrl: string): Promise<Postgres> {
  const name = `unica_cluster_${randomBytes(5).toString('hex')}`
  await admin(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    origin: `database ${name} on TEST_DATABASE_URL's server (dropped at the end)`,
    stop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

async function admin(url: string, sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sqlText)
  } finally {
    await client.end()
  }
}

/**
 * initdb and pg_ctl in `dataDir`, listening on loopback only on a free port, trusting local
 * connections (a throwaway server for this run). PostgreSQL refuses to run as root: as root it
 * runs as the package's `postgres` user.
 */
async function startServer(bin: string, dataDir: string): Promise<Postgres> {
  const port = await freePort()
  mkdirSync(dataDir, { recursive: true })
  const asUser = process.getuid?.() === 0 ? await postgresUser(dataDir) : []
  const exec = (tool: string, args: string[]): Promise<unknown> =>
    asUser.length === 0
      ? run(join(bin, tool), args)
      : run(asUser[0], [...asUser.slice(1), join(bin, tool), ...args])
  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'])
  const options = `-p ${String(port)} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`
  await exec('pg_ctl', [
    '-D',
    dataDir,
    '-o',
    options,
    '-l',
    join(dataDir, 'server.log'),
    '-w',
    'start',
  ])
  const url = `postgres://postgres@127.0.0.1:${String(port)}/postgres`
  return {
    url,
    origin: `a PostgreSQL started from ${bin} in ${dataDir}`,
    stop: async () => {
      await exec('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
    },
  }
}

/** `runuser -u postgres --` with the data directory (and its parents' traversal) given to it. */
async function postgresUser(dataDir: string): Promise<string[]> {
  const { stdout: uid } = await run('id', ['-u', 'postgres'])
  const { stdout: gid } = await run('id', ['-g', 'postgres'])
  chownSync(dataDir, Number(uid.trim()), Number(gid.trim()))
  // The temporary directory above is mkdtemp's 0700: let the postgres user through it.
  await run('chmod', ['o+x', join(dataDir, '..')])
  return ['runuser', '-u', 'postgres', '--']
}
