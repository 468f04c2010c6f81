/**
 * The operation sender: submits the signed groups send_tx stored, waits (bounded) for their
 * confirmation and marks each executed, or failed with algod's reason.
 *
 * Crash safety: a row is claimed by one short UPDATE (FOR UPDATE SKIP LOCKED, so senders in
 * several processes never take the same row) that sets it `submitted` and stamps the claim; a
 * claim older than the lease is taken again. Submitting again is harmless: algod answers
 * "already in ledger" for a committed transaction (= executed), and a group can never be
 * committed twice. A group past its last valid round is failed only once the follower has read
 * every round up to it without finding it (it marks found ones executed), so nothing executed is
 * ever reported failed.
 */
import algosdk from 'algosdk'
import { splitTxGroup } from '@unica/txgroup'
import { readCursor } from '../db/repositories/chain-cursor.js'
import {
  claimGroups,
  markExecutedIn,
  releaseForRetry,
  settleOpen,
  type ClaimedGroup,
} from '../db/repositories/operations.js'
import { algodFailure, isTransient } from './algod-errors.js'
import { CURSOR_NAME } from './follower.js'
import { PolledWorker, type PollOptions } from './poll-loop.js'

export interface SenderOptions extends PollOptions {
  /** Rows claimed per step. */
  readonly batch?: number
  /** After this long a `submitted` claim is considered abandoned (its process died). */
  readonly leaseMs?: number
  /** How many rounds to wait for a confirmation before leaving the row to a later check. */
  readonly confirmRounds?: number
  /**
   * How long to let the follower record a confirmed operation itself before marking it executed
   * here: when the follower does it, the operation turns executed in the same transaction as the
   * asset's new price, owner and bids, so a client that polls it and then reloads sees both.
   */
  readonly followerWaitMs?: number
  /** Asks the follower to look at the chain now. */
  readonly wakeFollower?: () => void
}

export type Outcome = 'executed' | 'failed' | 'retry' | 'waiting'

/** algod's refusal of a transaction that is already committed: the operation executed. */
const IN_LEDGER = /already in ledger/i
/** algod already holds it in its pool: wait for it like for a fresh submission. */
const IN_POOL = /already in (the )?(transaction )?pool/i
/** algod's refusal of a transaction outside its validity window. */
const DEAD = /txn dead|round \d+ outside of \d+--\d+/i

/** wake() cuts the idle wait short: a new group was stored. */
export class Sender extends PolledWorker<SenderOptions> {
  protected readonly defaultIdleMs = 250

  protected async worked(): Promise<boolean> {
    return (await this.step()).length > 0
  }

  /** Claims open rows: new ones, ones whose retry delay passed, and abandoned claims. */
  async claim(): Promise<ClaimedGroup[]> {
    const leaseSeconds = (this.options.leaseMs ?? 60_000) / 1000
    return claimGroups(this.database.db, this.options.batch ?? 8, leaseSeconds)
  }

  /** One pass: claim, then submit and confirm each claimed group. Resolves with the outcomes. */
  async step(): Promise<Outcome[]> {
    const claimed = await this.claim()
    // Each waits for its own confirmation; they are independent groups.
    return Promise.all(claimed.map((row) => this.process(row)))
  }

  async process(row: ClaimedGroup): Promise<Outcome> {
    const bytes = new Uint8Array(row.signedGroup)
    let call: algosdk.Transaction
    try {
      const parts = splitTxGroup(bytes)
      call = algosdk.decodeSignedTransaction(parts[parts.length - 1]).txn
    } catch {
      // send_tx stored only groups it decoded; anything else was written around it.
      return this.fail(row.id, 'The stored group cannot be decoded.')
    }
    try {
      await this.algod.sendRawTransaction(bytes).do()
    } catch (e) {
      const f = algodFailure(e)
      if (isTransient(f)) return this.retry(row.id, f.message)
      if (IN_LEDGER.test(f.message)) return this.confirmed(row.id, row.txId)
      if (IN_POOL.test(f.message)) return this.confirm(row, call.lastValid)
      if (DEAD.test(f.message)) return this.expire(row.id, call.lastValid)
      return this.fail(row.id, f.message)
    }
    return this.confirm(row, call.lastValid)
  }

  /** Waits a bounded number of rounds for the app call to be committed. */
  private async confirm(row: ClaimedGroup, lastValid: bigint): Promise<Outcome> {
    const rounds = BigInt(this.options.confirmRounds ?? 10)
    try {
      let round = (await this.algod.status().do()).lastRound
      const until = round + rounds
      for (;;) {
        const info = await this.algod.pendingTransactionInformation(row.txId).do()
        if ((info.confirmedRound ?? 0n) > 0n) {
          return await this.executed(row.id, info.confirmedRound!)
        }
        if (info.poolError !== '') return await this.fail(row.id, info.poolError)
        if (round >= until || round > lastValid) return 'waiting'
        round = (await this.algod.statusAfterBlock(round).do()).lastRound
      }
    } catch (e) {
      // Algod forgot it (restarted) or is unreachable: the lease brings the row back for a
      // resubmission, which tells "already in ledger" from "never arrived".
      this.options.onError?.(e)
      return 'waiting'
    }
  }

  private async confirmed(id: bigint, txId: string): Promise<Outcome> {
    try {
      const info = await this.algod.pendingTransactionInformation(txId).do()
      if ((info.confirmedRound ?? 0n) > 0n) return await this.executed(id, info.confirmedRound!)
    } catch {
      // algod keeps confirmed transactions only for a while; the follower fills in the round.
    }
    await this.mark(id, 'executed', null)
    return 'executed'
  }

  private async executed(id: bigint, round: bigint): Promise<Outcome> {
    await this.awaitFollower(round)
    const header = await this.algod.block(round).headerOnly(true).do()
    const blockTime = new Date(Number(header.block.header.timestamp) * 1000)
    await markExecutedIn(this.database.db, id, round, blockTime)
    return 'executed'
  }

  private async followerRound(): Promise<bigint | null> {
    return (await readCursor(this.database.db, CURSOR_NAME)) ?? null
  }

  private async awaitFollower(round: bigint): Promise<void> {
    const until = Date.now() + (this.options.followerWaitMs ?? 0)
    this.options.wakeFollower?.()
    while (Date.now() < until) {
      const at = await this.followerRound()
      if (at !== null && at >= round) return
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  /** Past its last valid round: failed once the follower has looked at every round to it. */
  private async expire(id: bigint, lastValid: bigint): Promise<Outcome> {
    const followed = await this.followerRound()
    if (followed !== null && followed >= lastValid) {
      return this.fail(
        id,
        `The transaction expired: not committed by its last valid round ${lastValid}.`,
      )
    }
    return 'waiting'
  }

  private async fail(id: bigint, reason: string): Promise<Outcome> {
    await this.mark(id, 'failed', reason)
    return 'failed'
  }

  private async retry(id: bigint, reason: string): Promise<Outcome> {
    await releaseForRetry(this.database.db, id, reason)
    return 'retry'
  }

  /** Only an open row changes: the follower's "executed" (the chain's word) always stands. */
  private async mark(
    id: bigint,
    status: 'executed' | 'failed',
    reason: string | null,
  ): Promise<void> {
    await settleOpen(this.database.db, id, status, reason)
  }
}
