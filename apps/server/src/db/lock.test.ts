import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DatabaseBusyError, lockDirectory } from './connection.js'

const root = mkdtempSync(join(tmpdir(), 'unica-lock-'))
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

describe('the embedded database lock', () => {
  it('refuses a directory a live process holds, and releases it', () => {
    const dir = join(root, 'a')
    writeFileSync(`${dir}.lock`, String(process.ppid))
    expect(() => lockDirectory(dir)).toThrow(DatabaseBusyError)
    rmSync(`${dir}.lock`)
    const release = lockDirectory(dir)
    expect(existsSync(`${dir}.lock`)).toBe(true)
    release()
    expect(existsSync(`${dir}.lock`)).toBe(false)
  })

  it('takes over a lock left by a dead process', async () => {
    const dir = join(root, 'b')
    const child = spawn(process.execPath, ['-e', ''])
    const pid = child.pid ?? 0
    await new Promise((resolve) => child.on('exit', resolve))
    writeFileSync(`${dir}.lock`, String(pid))
    const release = lockDirectory(dir)
    release()
  })
})
