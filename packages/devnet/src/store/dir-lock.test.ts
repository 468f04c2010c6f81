import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DirLock, DirLockedError } from './dir-lock.js'
import { FileBlockStore } from './file-block-store.js'

let dir: string
let lockPath: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-lock-'))
  lockPath = join(dir, 'blocks.lock')
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  expect(child.pid).toBeGreaterThan(0)
  return child.pid
}

function writeLock(owner: { pid: number; host?: string; nonce?: string }): void {
  const { pid, host = hostname(), nonce = 'feedface' } = owner
  writeFileSync(lockPath, JSON.stringify({ pid, host, nonce }))
}

describe('DirLock', () => {
  it('is exclusive within a process and free again once released', () => {
    const lock = DirLock.acquire(lockPath, 'the dir')
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid })
    expect(() => DirLock.acquire(lockPath, 'the dir')).toThrow(DirLockedError)
    expect(() => DirLock.acquire(lockPath, 'the dir')).toThrow(
      new RegExp(`the dir is in use by process ${process.pid} \\(lock file`),
    )
    lock.release()
    lock.release()
    expect(existsSync(lockPath)).toBe(false)
    DirLock.acquire(lockPath, 'the dir').release()
    expect(readdirSync(dir)).toEqual([]) // no drafts or stale copies left behind
  })

  it('refuses a second FileBlockStore on the same directory', () => {
    const first = new FileBlockStore(dir)
    try {
      expect(() => new FileBlockStore(dir)).toThrow(/in use by process/)
    } finally {
      first.close()
    }
    new FileBlockStore(dir).close()
  })

  it('refuses a lock held by another live process', () => {
    writeLock({ pid: process.ppid })
    expect(() => DirLock.acquire(lockPath, 'the dir')).toThrow(`in use by process ${process.ppid}`)
  })

  it('refuses a lock from another host, whose liveness it cannot check', () => {
    writeLock({ pid: deadPid(), host: `not-${hostname()}` })
    expect(() => DirLock.acquire(lockPath, 'the dir')).toThrow(/on host not-/)
  })

  it('takes over a lock left by a dead process, by an earlier process of our pid, or garbage', () => {
    for (const stale of [
      () => {
        writeLock({ pid: deadPid() })
      },
      () => {
        writeLock({ pid: process.pid, nonce: 'an-earlier-incarnation' })
      },
      () => {
        writeFileSync(lockPath, '')
      },
      () => {
        writeFileSync(lockPath, '{"pid": "x"')
      },
    ]) {
      stale()
      const lock = DirLock.acquire(lockPath, 'the dir')
      expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid })
      lock.release()
      expect(readdirSync(dir)).toEqual([])
    }
  })

  it('does not remove a lock it no longer owns', () => {
    const lock = DirLock.acquire(lockPath, 'the dir')
    writeLock({ pid: process.ppid, nonce: 'someone-else' })
    lock.release()
    expect(existsSync(lockPath)).toBe(true)
  })
})
