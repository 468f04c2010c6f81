/**
 * The server's data access is enforced (apps/server/README.md "Layout"): the repository's real
 * ESLint config, on snippets placed (in memory) in a route, the worker and src/db/, refuses a raw
 * query or a Drizzle builder outside src/db/ and lets the repositories write them.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, ruleMessages } from './snippet-lint.js'

const DATA_RULES = new Set(['no-restricted-syntax', '@typescript-eslint/no-restricted-imports'])

/** The data-access messages for `code` as the file `path` (relative to the root). */
const dataErrors = (path: string, code: string): Promise<string[]> =>
  ruleMessages(join(ROOT, path), code, DATA_RULES)

const QUERIES = [
  "await database.db.execute('SELECT 1')",
  'await ctx.database.db.select().from(table)',
  'await db.insert(table).values(row)',
  'await session.db.update(table).set(row)',
  'await x.db.delete(table)',
  'await database.db.transaction(async () => {})',
  "await session.query('SELECT 1')",
  "await database.query('SELECT 1')",
  "await ctx.database.exec('SELECT 1')",
  'await anything.execute(statement)',
]

describe('server data access', () => {
  for (const place of ['apps/server/src/routes/x.ts', 'apps/server/src/worker/x.ts']) {
    it.each(QUERIES)(`refuses %s in ${place}`, async (line) => {
      expect(await dataErrors(place, `${line}\n`)).toEqual([
        expect.stringMatching(/src\/db\/repositories\//),
      ])
    })
  }

  it.each(QUERIES)('lets a repository write %s', async (line) => {
    expect(await dataErrors('apps/server/src/db/repositories/x.ts', `${line}\n`)).toEqual([])
  })

  it('lets a route call its repositories and a regular expression exec', async () => {
    const code = "await repos.findAsset({ guid })\nconst m = /a/.exec('a')\nawait tx.lockStaff()\n"
    expect(await dataErrors('apps/server/src/routes/x.ts', code)).toEqual([])
  })

  it('refuses Drizzle and the connection in a route', async () => {
    expect(
      await dataErrors('apps/server/src/routes/x.ts', "import { sql } from 'drizzle-orm'\n"),
    ).toEqual([expect.stringMatching(/src\/db\/repositories\//)])
  })
})
