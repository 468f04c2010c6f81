/**
 * One process at a time per data directory: a lock file naming its owner (pid, host and a
 * random nonce). It is created with link(2), which is atomic and fails if the name exists, so
 * a reader never sees a half-written lock. A lock whose owner is dead (or unreadable, as after
 * a power cut) is stale and taken over; the takeover renames it aside first and checks that it
 * moved the stale lock and not a fresh one a racing process just made.
 */
import { randomBytes } from 'node:crypto'
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'

interface LockOwner {
  readonly pid: number
  readonly host: string
  readonly nonce: string
}

/** Nonces of the locks this process holds: tells a live lock of ours from a dead namesake's. */
const heldHere = new Set<string>()

export class DirLockedError extends Error {}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error ? String(error.code) : undefined
}

function readOwner(path: string): { text: string; owner: LockOwner | undefined } | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined
    throw error
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>
    const { pid, host, nonce } = parsed
    if (
      typeof pid === 'number' &&
      Number.isSafeInteger(pid) &&
      pid > 0 &&
      typeof host === 'string' &&
      typeof nonce === 'string'
    ) {
      return { text, owner: { pid, host, nonce } }
    }
  } catch {
    // Unparseable: left by a machine that crashed while writing it, so stale.
  }
  return { text, owner: undefined }
}

function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return errorCode(error) === 'EPERM'
  }
}

/** Whether the owner may still be using the directory (undecidable across hosts: assume so). */
function ownerIsLive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true
  if (owner.pid === process.pid) return heldHere.has(owner.nonce)
  return pidIsAlive(owner.pid)
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error
  }
}

export class DirLock {
  private released = false

  private constructor(
    readonly path: string,
    private readonly nonce: string,
  ) {}

  /** Takes the lock at `path` or throws DirLockedError naming the live owner. */
  static acquire(path: string, what: string): DirLock {
    const owner: LockOwner = {
      pid: process.pid,
      host: hostname(),
      nonce: randomBytes(12).toString('hex'),
    }
    const draft = `${path}.${owner.nonce}.tmp`
    writeFileSync(draft, JSON.stringify(owner) + '\n', { flag: 'wx' })
    try {
      for (let attempt = 0; attempt < 8; attempt++) {
        try {
          linkSync(draft, path)
          heldHere.add(owner.nonce)
          return new DirLock(path, owner.nonce)
        } catch (error) {
          if (errorCode(error) !== 'EEXIST') throw error
        }
        const current = readOwner(path)
        if (current === undefined) continue
        if (current.owner !== undefined && ownerIsLive(current.owner)) {
          const where = current.owner.host === owner.host ? '' : ` on host ${current.owner.host}`
          throw new DirLockedError(
            `${what} is in use by process ${current.owner.pid}${where} (lock file ${path}); ` +
              'stop that devnet first, or delete the lock file if no devnet is using it',
          )
        }
        DirLock.removeStale(path, current.text, owner.nonce)
      }
      throw new DirLockedError(
        `could not take the lock ${path}: other processes keep racing for it`,
      )
    } finally {
      removeQuietly(draft)
    }
  }

  /** Moves the stale lock aside; puts it back if a racing process had already replaced it. */
  private static removeStale(path: string, staleText: string, nonce: string): void {
    const aside = `${path}.${nonce}.stale`
    try {
      renameSync(path, aside)
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return
      throw error
    }
    const moved = readOwner(aside)
    if (moved !== undefined && moved.text !== staleText) {
      try {
        linkSync(aside, path)
      } catch {
        // Someone took the name meanwhile; the next attempt reads whoever holds it now.
      }
    }
    removeQuietly(aside)
  }

  /** Gives the lock up if it is still ours; safe to call twice. */
  release(): void {
    if (this.released) return
    this.released = true
    heldHere.delete(this.nonce)
    const current = readOwner(this.path)
    if (current?.owner?.nonce === this.nonce) removeQuietly(this.path)
  }
}
