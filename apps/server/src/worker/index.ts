/**
 * The worker: the operation sender, the chain follower, the emailer (SMTP_URL) and the auction
 * settler (an operator account), run in the server process by default
 * (startWorker from the server entry) or alone (`npm run worker`, src/worker/main.ts). Any number
 * of senders may run against one database (they claim rows with SKIP LOCKED); followers may too,
 * but only one applies each round (advisory lock).
 */
import type algosdk from 'algosdk'
import type { Database } from '../db/index.js'
import type { Mailer } from '../email/mailer.js'
import type { Chain } from '../chain/connection.js'
import { configuredOperator, type Operator } from './operator.js'
import { settleBuilder } from './settle-group.js'
import { AuctionSettler, type SettleBuilder } from './auction-settler.js'
import { Emailer } from './emailer.js'
import { Follower } from './follower.js'
import { FollowerLeadership, type LeadershipEvent } from './leadership.js'
import { Sender } from './sender.js'

export { Follower } from './follower.js'

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
  /** Settle ended auctions, signed by this operator (worker/operator.ts); unset: not settled here. */
  readonly settle?: { readonly operator: Operator; readonly build: SettleBuilder }
}

export interface Worker {
  readonly sender: Sender
  readonly follower: Follower
  readonly settler: AuctionSettler | undefined
  /** Wakes the sender at once (send_tx calls it after storing a group). */
  wake(): void
  stop(): Promise<void>
}

/**
 * The settler's configuration: the operator (OPERATOR_MNEMONIC, or KMD's on a development
 * network) and the settle builder; undefined, with the reason logged, when there is none (the
 * worker then settles nothing; anyone's Settle button still does).
 */
export async function auctionSettlement(
  chain: Pick<Chain, 'algod' | 'endpoints' | 'usdcId'>,
  mnemonic: string | undefined,
  log: (message: string) => void,
): Promise<WorkerOptions['settle']> {
  let operator: Operator | null
  try {
    operator = await configuredOperator({ mnemonic, chain })
  } catch (e) {
    // A mnemonic that is no key is a configuration error: refuse to start.
    if (mnemonic !== undefined) throw e
    log(`auctions are not settled by this worker: ${e instanceof Error ? e.message : String(e)}`)
    return undefined
  }
  if (operator === null) {
    log('auctions are not settled by this worker: set OPERATOR_MNEMONIC')
    return undefined
  }
  return { operator, build: settleBuilder(chain.algod, chain.usdcId) }
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
  const settler =
    options.settle === undefined
      ? undefined
      : new AuctionSettler(database, algod, options.settle.operator, options.settle.build, {
          onError: onError('auction settler'),
          onQueued: () => {
            sender.wake()
          },
        })
  sender.start()
  if (leadership === undefined) follower.start()
  else leadership.start()
  emailer?.start()
  settler?.start()
  return {
    sender,
    follower,
    settler,
    wake: () => {
      sender.wake()
    },
    stop: async () => {
      await Promise.all([
        sender.stop(),
        leadership === undefined ? follower.stop() : leadership.stop(),
        emailer?.stop(),
        settler?.stop(),
      ])
    },
  }
}
