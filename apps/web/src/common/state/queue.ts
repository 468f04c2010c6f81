/**
 * The action queue of docs/product.md §4. Actions run one at a time. A normal action sets the
 * pending-action flag with its message, runs, keeps its result, then (when it needs verification,
 * the default) sets pending-update and polls its check until it passes, and only then does the
 * next action start. A background action does not block: the next starts at once. On any error
 * the queue is emptied, the flags cleared, and the error rethrown to every waiting caller.
 * Verification is bounded: after `timeoutMs` it fails with a clear error instead of freezing.
 */
import { MESSAGES, UserError } from '../lib/errors.js'

const DEFAULT_ACTION_MESSAGE = 'Processing action...'
const DEFAULT_UPDATE_MESSAGE = 'Waiting for confirmation...'

export interface Action<R = unknown> {
  readonly run: () => Promise<R>
  /** Shown in the progress modal while it runs; 'Processing action...' by default. */
  readonly message?: string
  /** Polled after the action until it answers true; `false` skips verification. */
  readonly verify?: ((result: R) => Promise<boolean>) | false
  readonly updateMessage?: string
  /** Runs without blocking the queue or showing the progress modal. */
  readonly background?: boolean
}

export interface QueueFlags {
  readonly pendingAction: string | null
  readonly pendingUpdate: string | null
}

export interface QueueOptions {
  readonly onFlags: (flags: QueueFlags) => void
  readonly pollMs?: number
  readonly timeoutMs?: number
  readonly sleep?: (ms: number) => Promise<void>
  readonly now?: () => number
}

interface Entry {
  readonly action: Action
  readonly resolve: (value: unknown) => void
  readonly reject: (reason: unknown) => void
}

class VerificationTimeout extends UserError {
  constructor() {
    super(MESSAGES.verifyTimeout)
  }
}

export class ActionQueue {
  private readonly entries: Entry[] = []
  private running = false
  private readonly pollMs: number
  private readonly timeoutMs: number
  private readonly sleep: (ms: number) => Promise<void>
  private readonly now: () => number

  constructor(private readonly options: QueueOptions) {
    this.pollMs = options.pollMs ?? 1000
    this.timeoutMs = options.timeoutMs ?? 60_000
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)))
    this.now = options.now ?? (() => Date.now())
  }

  get size(): number {
    return this.entries.length + (this.running ? 1 : 0)
  }

  /** Queues an action; resolves with its result once it ran and (if asked) was verified. */
  push<R>(action: Action<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.entries.push({
        action: action as Action,
        resolve: resolve as (v: unknown) => void,
        reject,
      })
      void this.drain()
    })
  }

  private async drain(): Promise<void> {
    if (this.running) return
    this.running = true
    try {
      for (let entry = this.entries.shift(); entry; entry = this.entries.shift()) {
        const { action } = entry
        if (action.background === true) {
          action.run().then(entry.resolve, entry.reject)
          continue
        }
        try {
          entry.resolve(await this.runOne(action))
        } catch (e) {
          const waiting = this.entries.splice(0)
          this.options.onFlags({ pendingAction: null, pendingUpdate: null })
          entry.reject(e)
          for (const w of waiting) w.reject(e)
        }
      }
    } finally {
      this.running = false
    }
  }

  private async runOne(action: Action): Promise<unknown> {
    this.options.onFlags({
      pendingAction: action.message ?? DEFAULT_ACTION_MESSAGE,
      pendingUpdate: null,
    })
    const result = await action.run()
    if (action.verify !== false && action.verify !== undefined) {
      const verify = action.verify
      this.options.onFlags({
        pendingAction: null,
        pendingUpdate: action.updateMessage ?? DEFAULT_UPDATE_MESSAGE,
      })
      const deadline = this.now() + this.timeoutMs
      while (!(await verify(result))) {
        if (this.now() >= deadline) throw new VerificationTimeout()
        await this.sleep(this.pollMs)
      }
    }
    this.options.onFlags({ pendingAction: null, pendingUpdate: null })
    return result
  }
}
