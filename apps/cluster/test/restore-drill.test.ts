/**
 * The restore drill of docs/operations.md, performed: a running instance's PostgreSQL is dumped
 * online (pg_dump -Fc) and its media directory archived (tar); the database is then lost
 * (dropped); a fresh database is restored from the dump (pg_restore) and the media from the
 * archive, and a new instance on them serves the same assets and the same images.
 */
import { execFile } from 'node:child_process'
import { randomBytes, createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import algosdk from 'algosdk'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { Cluster, nginxAvailable, postgresAvailable } from '../src/index.js'
import { postgresBin, providePostgres, type Postgres } from '../src/postgres.js'

const run = promisify(execFile)
const bin = postgresBin()
const missing = [
  nginxAvailable() ? undefined : 'nginx',
  (await postgresAvailable()) ? undefined : 'PostgreSQL',
  bin === undefined ? 'pg_dump and pg_restore (Debian package "postgresql-client")' : undefined,
].filter((m) => m !== undefined)
if (missing.length > 0) console.warn(`restore drill skipped: ${missing.join(', ')} not found`)

const dir = mkdtempSync(join(tmpdir(), 'unica-drill-'))
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(missing.length > 0)('the restore drill', () => {
  it('restores the database and the media into a fresh place that serves the same assets', async () => {
    // A PostgreSQL server: TEST_DATABASE_URL's, else one started from Debian's binaries.
    const server: Postgres = await providePostgres(dir, {
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
    })
    const name = `unica_drill_${randomBytes(4).toString('hex')}`
    const live = urlOf(server.url, `${name}_live`)
    const restored = urlOf(server.url, `${name}_restored`)
    try {
      await admin(server.url, `CREATE DATABASE ${name}_live`)
      const liveMedia = join(dir, 'media-live')
      mkdirSync(liveMedia)
      const first = await Cluster.start({
        instances: 1,
        workers: 0,
        hostEnv: { DATABASE_URL: live },
        env: { MEDIA_DIR: liveMedia },
      })
      let before: { assets: unknown; image: Buffer; key: string }
      try {
        before = await seedAndRead(first, live, liveMedia)
        // Online backups: the database while the instance serves, and the media directory.
        await run(join(bin!, 'pg_dump'), ['-Fc', '-f', join(dir, 'unica.dump'), live])
        await run('tar', ['-C', liveMedia, '-czf', join(dir, 'media.tgz'), '.'])
      } finally {
        await first.stop()
      }
      // The disaster: the database and the media are gone.
      await admin(server.url, `DROP DATABASE ${name}_live WITH (FORCE)`)
      rmSync(liveMedia, { recursive: true })

      // The restore: a fresh database from the dump, the media from the archive.
      await admin(server.url, `CREATE DATABASE ${name}_restored`)
      await run(join(bin!, 'pg_restore'), ['--no-owner', '-d', restored, join(dir, 'unica.dump')])
      const restoredMedia = join(dir, 'media-restored')
      mkdirSync(restoredMedia)
      await run('tar', ['-C', restoredMedia, '-xzf', join(dir, 'media.tgz')])
      const second = await Cluster.start({
        instances: 1,
        workers: 0,
        hostEnv: { DATABASE_URL: restored },
        env: { MEDIA_DIR: restoredMedia },
      })
      try {
        const assets = await json(`${second.url}/api/assets/?limit=100`)
        expect(withoutOrigin(assets, second.url)).toEqual(withoutOrigin(before.assets, first.url))
        const image = await fetch(`${second.url}/media/${before.key}`)
        expect(image.status).toBe(200)
        expect(Buffer.from(await image.arrayBuffer())).toEqual(before.image)
      } finally {
        await second.stop()
      }
    } finally {
      await admin(server.url, `DROP DATABASE IF EXISTS ${name}_live WITH (FORCE)`)
      await admin(server.url, `DROP DATABASE IF EXISTS ${name}_restored WITH (FORCE)`)
      await server.stop()
    }
  })
})

/** Three listed pieces with one stored image, read back through the instance. */
async function seedAndRead(
  cluster: Cluster,
  url: string,
  media: string,
): Promise<{ assets: unknown; image: Buffer; key: string }> {
  const image = Buffer.from(randomBytes(256))
  const key = `${createHash('sha256').update(image).digest('hex')}.png`
  writeFileSync(join(media, key), image)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (let i = 1; i <= 3; i++) {
      const owner = algosdk.generateAccount().addr.toString()
      await client.query(
        `INSERT INTO assets (guid, asset_id, status, name, unit_name, description, creator_address,
                             owner_address, holding_address, application_id, price, image_path)
         VALUES ($1, $2, 'RD', $3, 'UNI', 'drill', $4, $4, $4, $5, $6, $7)`,
        [
          randomBytes(16).toString('hex'),
          1000 + i,
          `Piece ${String(i)}`,
          owner,
          5000 + i,
          `${String(i)}000000`,
          key,
        ],
      )
    }
  } finally {
    await client.end()
  }
  const assets = await json(`${cluster.url}/api/assets/?limit=100`)
  expect((assets as { count: number }).count).toBe(3)
  const served = await fetch(`${cluster.url}/media/${key}`)
  expect(served.status).toBe(200)
  return { assets, image, key }
}

async function json(url: string): Promise<unknown> {
  const response = await fetch(url)
  expect(response.status).toBe(200)
  return response.json()
}

/** The answer with this instance's own origin (in media and page links) taken out. */
const withoutOrigin = (value: unknown, origin: string): unknown =>
  JSON.parse(JSON.stringify(value).replaceAll(origin, 'ORIGIN'))

function urlOf(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
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
