/**
 * One follower among worker processes: the follower runs only in the process holding the
 * database's `follower` lease (a session advisory lock, Database.lease). The others stand by and
 * try again every `idleMs`; when the leader's process dies (even `kill -9`), PostgreSQL ends its
 * session and frees the lock, and a standby takes over within about `idleMs`. The follower's own
 * per-transaction lock still guards each round, so an in-process follower (RUN_WORKER=true)
 * beside a worker never applies a round twice either.
 */
import type { Database, Lease } from '../db/index.js'
import type { Follower } from './follower.js'
import { Polled, type PollOptions } from './poll-loop.js'

const FOLLOWER_LEASE = 'follower'

export type LeadershipEvent = 'leading' | 'standby' | 'lost'

export interface LeadershipOptions extends PollOptions {
  /** How often a standby tries to take the lease (`idleMs`, default 1000 ms). */
  readonly idleMs?: number
  /** Told when this process starts leading, first stands by, or loses the lease. */
  readonly onChange?: (event: LeadershipEvent) => void
}

/**
 * A Polled whose step is one term: take the lease (false when another process holds it: the base
 * waits `idleMs` and tries again), or lead until the lease is lost or stop() is called.
 */
export class FollowerLeadership extends Polled<LeadershipOptions> {
  protected readonly defaultIdleMs = 1000
  private leading = false
  private announced = false
  /** Ends a term in progress; made by start(), so a stop() while the lease is taken still ends it. */
  private stopped: { readonly signal: Promise<void>; readonly resolve: () => void } | null = null

  constructor(
    private readonly database: Database,
    private readonly follower: Follower,
    options: LeadershipOptions = {},
  ) {
    super(options)
  }

  get isLeading(): boolean {
    return this.leading
  }

  override start(): void {
    if (this.stopped === null) {
      let resolve = (): void => undefined
      const signal = new Promise<void>((r) => {
        resolve = r
      })
      this.stopped = { signal, resolve }
      this.announced = false
    }
    super.start()
  }

  override async stop(): Promise<void> {
    this.stopped?.resolve()
    await super.stop()
    this.stopped = null
  }

  protected async worked(): Promise<boolean> {
    const stopped = this.stopped?.signal ?? Promise.resolve()
    let lease: Lease | undefined
    try {
      lease = await this.database.lease(FOLLOWER_LEASE)
    } catch (error) {
      this.options.onError?.(error)
    }
    if (lease === undefined) {
      if (!this.announced) this.options.onChange?.('standby')
      this.announced = true
      return false
    }
    this.leading = true
    this.options.onChange?.('leading')
    this.follower.start()
    const lost = await Promise.race([lease.lost.then(() => true), stopped.then(() => false)])
    // A round in progress commits or rolls back whole; then the lease is let go.
    await this.follower.stop()
    this.leading = false
    await lease.release()
    if (lost) {
      this.options.onChange?.('lost')
      this.announced = false
    }
    return true
  }
}
