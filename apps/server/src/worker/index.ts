/**
 * The worker: the operation sender and the chain follower, run in the server process by default
 * (startWorker from the server entry) or alone (`npm run worker`, src/worker/main.ts). Any number
 * of senders may run against one database (they claim rows with SKIP LOCKED); followers may too,
 * but only one applies each round (advisory lock).
 */
import type algosdk from 'algosdk'
import type { Database } from '../db/index.js'
import type { Mailer } from '../email/mailer.js'
import { Emailer } from './emailer.js'
import { Follower } from './follower.js'
import { FollowerLeadership, type LeadershipEvent } from './leadership.js'
import { Sender } from './sender.js'

export { Follower } from './follower.js'
export { Sender } from './sender.js'

export interface WorkerOptions {
  readonly database: Database
  readonly algod: algosdk.Algodv2
  /** FOLLOWER_START_ROUND: where a fresh database starts following (default: the current round). */
  readonly followerStartRound?: bigint
  readonly log?: (message: string, error?: unknown) => void
  /**
   * Run the follower only while holding the database's follower lease (worker processes: one
   * follows, the others stand by, worker/leadership.ts); told of each change. Absent: it always
   * runs (its per-round lock still applies each round once).
   */
  readonly followerLease?: { readonly onChange?: (event: LeadershipEvent) => void }
  /** Mail notifications (SMTP_URL set); links point to publicUrl. */
  readonly email?: { readonly mailer: Mailer; readonly publicUrl: string }
}

export interface Worker {
  readonly sender: Sender
  readonly follower: Follower
  /** Wakes the sender at once (send_tx calls it after storing a group). */
  wake(): void
  stop(): Promise<void>
}

export function startWorker(options: WorkerOptions): Worker {
  const { database, algod } = options
  const onError = (what: string) => (e: unknown) => options.log?.(`${what} failed; retrying`, e)
  const follower = new Follower(database, algod, {
    startRound: options.followerStartRound,
    onError: onError('follower'),
  })
  const sender = new Sender(database, algod, {
    onError: onError('sender'),
    idleMs: 250,
    followerWaitMs: 5000,
    wakeFollower: () => {
      follower.wake()
    },
  })
  const emailer =
    options.email === undefined
      ? undefined
      : new Emailer(database, options.email.mailer, {
          publicUrl: options.email.publicUrl,
          usdcDecimals: 6,
          onError: onError('emailer'),
        })
  const leadership =
    options.followerLease === undefined
      ? undefined
      : new FollowerLeadership(database, follower, {
          onChange: options.followerLease.onChange,
          onError: onError('follower lease'),
        })
  sender.start()
  if (leadership === undefined) follower.start()
  else leadership.start()
  emailer?.start()
  return {
    sender,
    follower,
    wake: () => {
      sender.wake()
    },
    stop: async () => {
      await Promise.all([
        sender.stop(),
        leadership === undefined ? follower.stop() : leadership.stop(),
        emailer?.stop(),
      ])
    },
  }
}
