/**
 * The chain follower: reads every round from algod after a stored cursor and keeps the database
 * true to the chain. Each round's effects and the cursor's advance commit in ONE transaction, so a
 * crash at any point replays the round whole or not at all. A transaction-scoped advisory lock
 * (per database schema) keeps any second follower from applying a round, so several server
 * instances can share one database.
 */
import {
  FOLLOWER_CURSOR,
  createCursor,
  lockCursor,
  readCursor,
  setCursor,
  tryLockReader,
} from '../db/repositories/chain-cursor.js'
import { readRound, type RoundEvents } from './block.js'
import { applyRound } from './follower-apply.js'
import { PolledWorker, type PollOptions } from './poll-loop.js'
import { publishRounds } from './live-publish.js'

export const CURSOR_NAME = FOLLOWER_CURSOR

/** idleMs: how long to wait for a new block before checking again (algod answers sooner on one). */
export interface FollowerOptions extends PollOptions {
  /** The first round to read when no cursor is stored; by default the chain's current round. */
  readonly startRound?: bigint
  /** Rounds read concurrently and applied in one transaction while catching up. */
  readonly batchRounds?: number
}

export type StepResult = 'applied' | 'idle' | 'locked'

/**
 * wake() cuts the idle wait short (the sender saw a new block). algod down or the database busy:
 * the loop waits, then retries the same round.
 */
export class Follower extends PolledWorker<FollowerOptions> {
  protected readonly defaultIdleMs = 1000

  protected async worked(): Promise<boolean> {
    return (await this.step()).result === 'applied'
  }

  /** The last round applied; creates the cursor (before the start round) when absent. */
  async cursor(): Promise<bigint> {
    const { db } = this.database
    const round = await readCursor(db, CURSOR_NAME)
    if (round !== undefined) return round
    const start = this.options.startRound ?? (await this.algod.status().do()).lastRound
    await createCursor(db, CURSOR_NAME, start > 0n ? start - 1n : 0n)
    return this.cursor()
  }

  /** Applies the next rounds the chain has (up to batchRounds); resolves with how many. */
  async step(): Promise<{ result: StepResult; rounds: number }> {
    const next = (await this.cursor()) + 1n
    const { lastRound } = await this.algod.status().do()
    if (next > lastRound) return { result: 'idle', rounds: 0 }
    const last = bigMin(lastRound, next + BigInt((this.options.batchRounds ?? 8) - 1))
    const numbers: bigint[] = []
    for (let r = next; r <= last; r++) numbers.push(r)
    const rounds = await Promise.all(numbers.map((r) => readRound(this.algod, r)))
    const result = await this.commit(rounds)
    return { result, rounds: result === 'applied' ? rounds.length : 0 }
  }

  /** Applies rounds until the chain's current round; resolves with how many. */
  async catchUp(): Promise<number> {
    let n = 0
    for (;;) {
      const { result, rounds } = await this.step()
      if (result !== 'applied') return n
      n += rounds
    }
  }

  private commit(rounds: readonly RoundEvents[]): Promise<StepResult> {
    return this.database.transaction(async (s) => {
      if (!(await tryLockReader(s, CURSOR_NAME))) return 'locked'
      const at = await lockCursor(s.db, CURSOR_NAME)
      // Another follower applied these rounds between our read and our lock: nothing to do.
      if (at === undefined || at + 1n !== rounds[0].round) return 'locked'
      const touched: string[] = []
      for (const round of rounds) touched.push(...(await applyRound(s.db, round)))
      const last = rounds[rounds.length - 1]
      await publishRounds(s, rounds[0].round, last.round, touched)
      // With the last block's time: the chain's "now" for auctions (API status, settler).
      await setCursor(s.db, CURSOR_NAME, last.round, last.timestamp)
      return 'applied'
    })
  }
}

const bigMin = (a: bigint, b: bigint): bigint => (a < b ? a : b)
