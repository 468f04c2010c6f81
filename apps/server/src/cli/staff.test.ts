import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabase } from '../../test/database.js'
import type { Database } from '../db/index.js'
import { auditPage } from '../db/repositories/audit-log.js'
import { staffCommand } from './staff.js'

let database: Database
beforeAll(async () => {
  database = await testDatabase()
})
afterAll(async () => {
  await database.close()
})

async function run(...args: string[]): Promise<{ code: number; out: string[] }> {
  const out: string[] = []
  const code = await staffCommand(database, args, (line) => out.push(line))
  return { code, out }
}

describe('npm run admin -- staff', () => {
  it('adds, lists and removes staff', async () => {
    const [a, b] = [0, 1].map(() => algosdk.generateAccount().addr.toString()).sort()
    expect((await run('staff', 'add', a, b)).code).toBe(0)
    expect((await run('staff', 'list')).out).toEqual([a, b])
    expect(await run('staff', 'remove', a)).toEqual({ code: 0, out: [`${a} is no longer staff`] })
    expect((await run('staff', 'list')).out).toEqual([b])
  })

  it('never removes the last staff account, and audits each change as the actor cli', async () => {
    for (const address of (await run('staff', 'list')).out) await run('staff', 'remove', address)
    const [only] = (await run('staff', 'list')).out
    expect(await run('staff', 'remove', only)).toEqual({
      code: 1,
      out: [`${only} is the last staff account: not removed (add another first)`],
    })
    const added = algosdk.generateAccount().addr.toString()
    const before = (await auditPage(database.db, 100, 0))[1]
    expect((await run('staff', 'add', added, added)).code).toBe(0)
    expect((await run('staff', 'remove', only)).code).toBe(0)
    const [rows, after] = await auditPage(database.db, 100, 0)
    // Adding twice is one change.
    expect(after - before).toBe(2)
    expect(rows.slice(0, 2).map((r) => [r.actor, r.action, r.target])).toEqual([
      ['cli', 'staff.remove', only],
      ['cli', 'staff.add', added],
    ])
  })

  it('refuses bad addresses and unknown commands with exit code 2', async () => {
    expect(await run('staff', 'add', 'nope')).toEqual({
      code: 2,
      out: ['not an Algorand address: nope'],
    })
    expect((await run('users', 'list')).code).toBe(2)
    expect((await run('staff', 'add')).code).toBe(2)
  })
})
