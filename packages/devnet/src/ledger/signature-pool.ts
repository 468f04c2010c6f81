/**
 * ed25519 verification on worker threads. Checking a signature is a pure function of its public
 * key, message and signature bytes, so a group's signatures can be checked on other cores while
 * the main thread serves requests; the ledger rules then run on the main thread as always, reading
 * these answers instead of verifying again (see `precheckedVerifier`). Each group's signatures
 * travel in one message. If the pool is closed or a worker dies, the jobs it held resolve to
 * "unknown" and the ledger verifies those signatures itself: the pool can only save time, never
 * change an answer.
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { ed25519Verify } from './crypto.js'

/** One signature to check: does `sig` sign `message` under the ed25519 key `pk`? */
export interface SignatureCheck {
  readonly pk: Uint8Array
  readonly message: Uint8Array
  readonly sig: Uint8Array
}

/**
 * A job travels as one transferred buffer: for each check, its 32-byte key, its 64-byte
 * signature, the message's length (4 bytes, little-endian) and the message. Only checks of those
 * exact key and signature lengths are sent (anything else fails inline, as ed25519Verify says).
 */
function pack(checks: readonly SignatureCheck[]): ArrayBuffer {
  let size = 0
  for (const c of checks) size += 100 + c.message.length
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  let at = 0
  for (const c of checks) {
    out.set(c.pk, at)
    out.set(c.sig, at + 32)
    view.setUint32(at + 96, c.message.length, true)
    out.set(c.message, at + 100)
    at += 100 + c.message.length
  }
  return out.buffer
}

/**
 * The worker's code, kept as source so it runs the same under tsx, vitest and plain node (no
 * loader needed in the thread). It answers exactly as crypto.ts `ed25519Verify` does: a key
 * OpenSSL refuses or a failed check is `false` (0).
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
const { createPublicKey, verify } = require('node:crypto')
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex')
const keys = new Map()
function key(pk) {
  const id = Buffer.from(pk).toString('latin1')
  let k = keys.get(id)
  if (k === undefined) {
    try {
      k = createPublicKey({ key: Buffer.concat([SPKI_ED25519, pk]), format: 'der', type: 'spki' })
    } catch {
      k = null
    }
    if (keys.size >= 10000) keys.clear()
    keys.set(id, k)
  }
  return k
}
function check(pk, sig, message) {
  const k = key(pk)
  if (k === null) return false
  try {
    return verify(null, message, k, sig)
  } catch {
    return false
  }
}
parentPort.on('message', ({ id, count, buffer }) => {
  const bytes = new Uint8Array(buffer)
  const view = new DataView(buffer)
  const results = new Uint8Array(count)
  let at = 0
  for (let i = 0; i < count; i++) {
    const length = view.getUint32(at + 96, true)
    const pk = bytes.subarray(at, at + 32)
    const sig = bytes.subarray(at + 32, at + 96)
    results[i] = check(pk, sig, bytes.subarray(at + 100, at + 100 + length)) ? 1 : 0
    at += 100 + length
  }
  parentPort.postMessage({ id, results }, [results.buffer])
})
`

interface Job {
  readonly resolve: (results: readonly boolean[] | undefined) => void
}

interface Thread {
  readonly worker: Worker
  readonly jobs: Map<number, Job>
}

/** The threads to use: every core but the one the main thread runs on, at least one, at most 4. */
function defaultPoolSize(): number {
  return Math.min(4, Math.max(1, availableParallelism() - 1))
}

export class SignaturePool {
  private threads: Thread[] = []
  private nextThread = 0
  private nextJob = 0
  private closed = false
  private live = 0

  constructor(private readonly size = defaultPoolSize()) {}

  /** Worker threads running now (they start on first use and end with `close`). */
  get liveThreads(): number {
    return this.live
  }

  /**
   * Whether each signature is valid, in order; undefined when the pool did not answer (closed, a
   * worker died, or a key or signature of the wrong length), and then the caller verifies.
   */
  verify(checks: readonly SignatureCheck[]): Promise<readonly boolean[] | undefined> {
    const sendable = checks.every((c) => c.pk.length === 32 && c.sig.length === 64)
    if (this.closed || !sendable) return Promise.resolve(undefined)
    // Threads start on first use, and one that died is replaced at the next use.
    while (this.threads.length < this.size) this.threads.push(this.spawn())
    const thread = this.threads[this.nextThread++ % this.threads.length]
    const id = this.nextJob++
    const buffer = pack(checks)
    return new Promise((resolve) => {
      // A thread with work out keeps the process alive until it answers; an idle one does not.
      if (thread.jobs.size === 0) thread.worker.ref()
      thread.jobs.set(id, { resolve })
      thread.worker.postMessage({ id, count: checks.length, buffer }, [buffer])
    })
  }

  /** Ends the threads; jobs still out resolve to undefined. Safe to call more than once. */
  async close(): Promise<void> {
    this.closed = true
    const threads = this.threads.splice(0)
    for (const t of threads) this.abandon(t)
    await Promise.all(threads.map((t) => t.worker.terminate()))
  }

  private spawn(): Thread {
    const worker = new Worker(WORKER_SOURCE, { eval: true })
    // An idle pool must never keep a process alive on its own.
    worker.unref()
    const thread: Thread = { worker, jobs: new Map() }
    this.live++
    worker.on('message', (m: { id: number; results: Uint8Array }) => {
      const job = thread.jobs.get(m.id)
      thread.jobs.delete(m.id)
      if (thread.jobs.size === 0) worker.unref()
      job?.resolve(Array.from(m.results, (r) => r === 1))
    })
    worker.on('error', (e) => {
      console.error(`devnet: a signature worker failed: ${e.message}`)
    })
    worker.on('exit', () => {
      this.live--
      this.abandon(thread)
      this.threads = this.threads.filter((t) => t !== thread)
    })
    return thread
  }

  private abandon(thread: Thread): void {
    for (const job of thread.jobs.values()) job.resolve(undefined)
    thread.jobs.clear()
  }
}

/** The verifier the ledger rules call: ed25519Verify, or an answer the pool already gave. */
export type Ed25519Verifier = (pk: Uint8Array, message: Uint8Array, sig: Uint8Array) => boolean

/**
 * A verifier that answers the checks in `checks` from `results` (matched by the very same byte
 * arrays, so nothing else can borrow an answer) and verifies anything else itself.
 */
export function precheckedVerifier(
  checks: readonly SignatureCheck[],
  results: readonly boolean[] | undefined,
): Ed25519Verifier {
  if (results === undefined) return ed25519Verify
  const known = new Map<Uint8Array, { check: SignatureCheck; ok: boolean }>()
  checks.forEach((check, i) => known.set(check.sig, { check, ok: results[i] }))
  return (pk, message, sig) => {
    const k = known.get(sig)
    if (k?.check.pk === pk && k.check.message === message) return k.ok
    return ed25519Verify(pk, message, sig)
  }
}
