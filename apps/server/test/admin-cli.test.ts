/**
 * `npm run admin -- staff ...` against a running server's PostgreSQL (DATABASE_URL), as operators
 * run it: a real child process beside the live server, whose change the server's next request
 * sees, with its audit row. PostgreSQL only: an embedded PGlite is one process's database (the
 * CLI is refused while the server holds it, src/db/lock.test.ts).
 */
import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '@unica/schemas'
import { newSessionId, newToken, tokenHash } from '../src/auth/session.js'
import { users } from '../src/db/index.js'
import { createSession } from '../src/db/repositories/sessions.js'
import { startTestServer, type TestServer } from './app.js'

const url = process.env.TEST_DATABASE_URL
const onPostgres = process.env.UNICA_TEST_DATABASE === 'postgres' && url !== undefined && url !== ''
const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')

describe.skipIf(!onPostgres)('the admin CLI beside a running server', () => {
  let server: TestServer
  let databaseUrl: string
  const staff = algosdk.generateAccount().addr.toString()

  beforeAll(async () => {
    server = await startTestServer()
    await server.database.db.insert(users).values({ address: staff, isStaff: true })
    const [{ schema }] = await server.database.query<{ schema: string }>(
      'SELECT current_schema() AS schema',
    )
    const withSchema = new URL(url ?? '')
    withSchema.searchParams.set('options', `-c search_path=${schema}`)
    databaseUrl = withSchema.toString()
  }, 120_000)
  afterAll(async () => {
    await server.close()
  })

  const admin = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/admin.ts', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    })

  it('adds and removes staff the server sees at once, each with an audit row by cli', async () => {
    const added = algosdk.generateAccount().addr.toString()
    expect((await admin('staff', 'add', added)).stdout).toBe(`${added} is staff\n`)
    expect((await server.get(`/api/users/${added}/`)).json()).toEqual({
      address: added,
      is_staff: true,
    })
    expect((await admin('staff', 'list')).stdout.split('\n')).toContain(added)
    expect((await admin('staff', 'remove', added)).stdout).toBe(`${added} is no longer staff\n`)
    expect((await server.get(`/api/users/${added}/`)).json()).toMatchObject({ is_staff: false })

    const token = newToken()
    await createSession(server.database.db, {
      id: newSessionId(),
      tokenHash: tokenHash(token),
      account: staff,
      expiresAt: new Date(Date.now() + 60_000),
    })
    const audit = await server.app.inject({
      method: 'GET',
      url: '/api/admin/audit/',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    })
    expect(
      audit
        .json<{ results: { actor: string; action: string; target: string }[] }>()
        .results.map((r) => [r.actor, r.action, r.target]),
    ).toEqual([
      ['cli', 'staff.remove', added],
      ['cli', 'staff.add', added],
    ])
  })

  it('refuses to remove the last staff account (exit code 1)', async () => {
    await expect(admin('staff', 'remove', staff)).rejects.toMatchObject({
      code: 1,
      stdout: `${staff} is the last staff account: not removed (add another first)\n`,
    })
    expect((await server.get(`/api/users/${staff}/`)).json()).toMatchObject({ is_staff: true })
  })
})
