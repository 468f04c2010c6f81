/**
 * Settles ended auctions (manager v3, docs/product.md §4): finds those whose end the chain's
 * latest block reached (the follower's last block time, which is the next block's global
 * LatestTimestamp, the manager's clock) with a highest bid, signs a settle call with the operator
 * account (operator.ts; it pays only the fee) and queues it as an operation, which the sender
 * submits and the follower records like any call.
 *
 * One settler queues at a time: each step queues under a transaction-scoped advisory lock (as the
 * follower elects itself) and re-reads what is due under it, so an auction with a settlement
 * pending or submitted is never queued twice, by this process or another. A settlement that
 * fails because someone else settled first (anyone may: the Settle button) is harmless: the
 * sender marks it failed, and the follower's record of the other settlement ends the auction.
 */
import type algosdk from 'algosdk'
import type { Database } from '../db/index.js'
import { endedAuctions, type EndedAuction } from '../db/repositories/auctions.js'
import {
  FOLLOWER_CURSOR,
  readCursorTime,
  tryLockReader,
  unixDate,
} from '../db/repositories/chain-cursor.js'
import { queueSignedGroup } from '../db/repositories/operations.js'
import type { Operator } from './operator.js'
import { PolledWorker, type PollOptions } from './poll-loop.js'

/** The unsigned settle group of an auction, the operator its sender (settle-group.ts). */
export type SettleBuilder = (
  auction: EndedAuction,
  operator: string,
  params: algosdk.SuggestedParams,
) => Promise<readonly algosdk.Transaction[]>

export interface SettlerOptions extends PollOptions {
  /** Called when settlements were queued (the in-process sender wakes up). */
  readonly onQueued?: () => void
  /** Auctions settled per step. */
  readonly batch?: number
}

const LOCK_NAME = 'auction-settler'

export class AuctionSettler extends PolledWorker<SettlerOptions> {
  protected readonly defaultIdleMs = 2000

  constructor(
    database: Database,
    algod: algosdk.Algodv2,
    private readonly operator: Operator,
    private readonly build: SettleBuilder,
    options: Partial<SettlerOptions> = {},
  ) {
    super(database, algod, options)
  }

  get address(): string {
    return this.operator.address
  }

  protected async worked(): Promise<boolean> {
    return (await this.step()) > 0
  }

  /** Queues the settlements now due; resolves with how many. */
  async step(): Promise<number> {
    const { db } = this.database
    const seconds = await readCursorTime(db, FOLLOWER_CURSOR)
    if (seconds === undefined) return 0
    const now = unixDate(seconds)
    const batch = this.options.batch ?? 16
    const due = await endedAuctions(db, now, batch)
    if (due.length === 0) return 0
    const params = await this.algod.getTransactionParams().do()
    const signed = await Promise.all(
      due.map(async (auction) => {
        const txns = await this.build(auction, this.operator.address, params)
        const call = txns[txns.length - 1]
        return {
          auction,
          txId: call.txID(),
          groupId: call.group === undefined ? null : Buffer.from(call.group).toString('base64'),
          bytes: Buffer.concat(await this.operator.sign(txns)),
        }
      }),
    )
    const queued = await this.database.transaction(async (s) => {
      if (!(await tryLockReader(s, LOCK_NAME))) return 0
      // What is still due under the lock: another settler may have queued some meanwhile.
      const still = new Set((await endedAuctions(s.db, now, batch)).map((a) => a.guid))
      let n = 0
      for (const g of signed) {
        if (!still.has(g.auction.guid)) continue
        await queueSignedGroup(s.db, {
          assetGuid: g.auction.guid,
          applicationId: g.auction.applicationId,
          opType: 'AUCTION_SETTLE',
          value: g.auction.highestBid,
          sender: this.operator.address,
          txId: g.txId,
          groupId: g.groupId,
          signedGroup: g.bytes,
        })
        n++
      }
      return n
    })
    if (queued > 0) this.options.onQueued?.()
    return queued
  }
}
