/**
 * One follower among worker processes: the follower runs only in the process holding the
 * database's `follower` lease (a session advisory lock, Database.lease). The others stand by and
 * try again every `retryMs`; when the leader's process dies (even `kill -9`), PostgreSQL ends its
 * session and frees the lock, and a standby takes over within about `retryMs`. The follower's own
 * per-transaction lock still guards each round, so an in-process follower (RUN_WORKER=true)
 * beside a worker never applies a round twice either.
 */
import type { Database, Lease } from '../db/index.js'
import type { Follower } from './follower.js'

export const FOLLOWER_LEASE = 'follower'

export type LeadershipEvent = 'leading' | 'standby' | 'lost'

export interface LeadershipOptions {
  /** How often a standby tries to take the lease (default 1000 ms). */
  readonly retryMs?: number
  /** Told when this process starts leading, first stands by, or loses the lease. */
  readonly onChange?: (event: LeadershipEvent) => void
  readonly onError?: (error: unknown) => void
}

export class FollowerLeadership {
  private running = false
  private loop: Promise<void> | undefined
  private wakeStop: (() => void) | undefined
  private leading = false

  constructor(
    private readonly database: Database,
    private readonly follower: Follower,
    private readonly options: LeadershipOptions = {},
  ) {}

  get isLeading(): boolean {
    return this.leading
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = this.run()
  }

  async stop(): Promise<void> {
    this.running = false
    this.wakeStop?.()
    await this.loop
  }

  private async run(): Promise<void> {
    const stopped = new Promise<void>((resolve) => {
      this.wakeStop = resolve
    })
    let announced = false
    while (this.running) {
      let lease: Lease | undefined
      try {
        lease = await this.database.lease(FOLLOWER_LEASE)
      } catch (error) {
        this.options.onError?.(error)
      }
      if (lease === undefined) {
        if (!announced) this.options.onChange?.('standby')
        announced = true
        await Promise.race([stopped, sleep(this.options.retryMs ?? 1000)])
        continue
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
        announced = false
      }
    }
  }
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms).unref()
  })
