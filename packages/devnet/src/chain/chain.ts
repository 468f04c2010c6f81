/**
 * The devnet's chain: committed state and blocks, a block being built, and the Chain contract
 * (types.ts) over them. In dev mode (no block interval) each accepted group is committed at once
 * in its own block, as go-algorand's DevMode does; with a block interval, accepted groups wait in
 * the pool (already applied to the pending block) until the timer commits it.
 *
 * A block is appended to the BlockStore before it becomes visible; on start every stored block
 * is replayed, with its stored timestamp, to rebuild the state. A fresh chain's first block is
 * the USDC setup (genesis/usdc.ts).
 */
import algosdk, { type modelsv2 } from 'algosdk'
import { buildGenesis, GENESIS_TXN_COUNTER, usdcSetupGroup } from '../genesis/index.js'
import { CommittedState } from '../ledger/committed.js'
import type { ChainContext } from '../ledger/context.js'
import { addrKey } from '../ledger/keys.js'
import { LEDGER_PROTOCOL } from '../ledger/protocol.js'
import { EMPTY_ACCOUNT, type AccountStatus } from '../ledger/state.js'
import { prepare, signatureChecks, type Prepared } from '../ledger/verify.js'
import {
  precheckedVerifier,
  SignaturePool,
  type Ed25519Verifier,
} from '../ledger/signature-pool.js'
import { MemoryBlockStore } from '../store/index.js'
import { toApplyData } from '../ledger/apply/index.js'
import { BlockArchive, isEmptyApplyData } from './archive.js'
import {
  BlockBuilder,
  fromBlock,
  hashHeader,
  inBlock,
  makeHeader,
  type PrevHeader,
} from './block-builder.js'
import { pendingResponse, poolResponse } from './pending.js'
import { simulate, SimulateRequestError } from './simulate.js'
import type {
  BlockStore,
  Chain,
  CommittedBlock,
  GenesisInfo,
  StoredBlock,
  SubmitResult,
} from './types.js'
import { AccountQueries } from './queries.js'

export interface ChainOptions {
  /** Where blocks are kept (the caller closes it); by default an in-memory one of the chain's. */
  readonly store?: BlockStore
  /**
   * Commit a block every so many milliseconds (MainNet pacing) instead of one per group (dev
   * mode, also when this is not a positive number).
   */
  readonly blockIntervalMs?: number
  /** The wall clock, in seconds since the epoch. */
  readonly now?: () => bigint
}

interface Waiter {
  readonly round: bigint
  readonly done: () => void
}

const wallClock = (): bigint => BigInt(Math.floor(Date.now() / 1000))
const message = (e: unknown): string => (e instanceof Error ? e.message : String(e))
const reject = (msg: string): SubmitResult => ({ ok: false, rejection: { message: msg } })

/**
 * Fewer signatures than this are checked inline: handing them to a worker thread and back costs
 * about as much as checking them.
 */
const POOL_MIN_SIGNATURES = 4
/** go's math.MaxInt64: an offset is applied only while the sum stays below it. */
const MAX_INT64 = (1n << 63n) - 1n

export class DevnetChain extends AccountQueries implements Chain {
  readonly genesis: GenesisInfo
  blockTimestampOffset: bigint | undefined = undefined
  private readonly archive = new BlockArchive()
  private readonly store: BlockStore
  private readonly ownsStore: boolean
  private readonly now: () => bigint
  private readonly listeners = new Set<(block: CommittedBlock) => void>()
  private waiters: Waiter[] = []
  /** Block-interval mode: the block being filled, and its transactions by id. */
  private pendingBlock: BlockBuilder | undefined
  private readonly pool = new Map<string, algosdk.SignedTransaction>()
  private timer: NodeJS.Timeout | undefined
  private closed = false
  /** What the next block links to. */
  private prev: PrevHeader | undefined
  private readonly feeSink: algosdk.Address
  private readonly rewardsPool: algosdk.Address
  private readonly signatures = new SignaturePool()
  /** submitAsync's groups apply one after another, in the order they were submitted. */
  private queue: Promise<unknown> = Promise.resolve()
  private queued = 0

  constructor(options: ChainOptions = {}) {
    const genesis = buildGenesis()
    super(new CommittedState(GENESIS_TXN_COUNTER), LEDGER_PROTOCOL)
    this.genesis = genesis
    this.feeSink = algosdk.Address.fromString(genesis.feeSink!)
    this.rewardsPool = algosdk.Address.fromString(genesis.rewardsPool!)
    this.store = options.store ?? new MemoryBlockStore()
    this.ownsStore = options.store === undefined
    this.now = options.now ?? wallClock
    this.allocate()
    for (const stored of this.store.load()) this.replay(stored)
    if (this.lastRound() === 0n) this.bootstrap()
    const ms = options.blockIntervalMs
    if (ms !== undefined && Number.isFinite(ms) && ms > 0) {
      const interval = Math.max(1, Math.floor(ms))
      this.pendingBlock = this.newBuilder()
      this.timer = setInterval(() => {
        this.tick()
      }, interval)
      this.timer.unref()
    }
  }

  /** Signature-pool threads running now (none before the first pooled group, none after close). */
  get signatureThreads(): number {
    return this.signatures.liveThreads
  }

  protected override round(): bigint {
    return this.lastRound()
  }

  lastRound(): bigint {
    return this.archive.lastRound
  }

  block(round: bigint): CommittedBlock | undefined {
    return this.archive.get(round)
  }

  waitForRound(round: bigint, timeoutMs: number): Promise<void> {
    if (this.lastRound() >= round || this.closed) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter)
        resolve()
      }, timeoutMs)
      const waiter: Waiter = {
        round,
        done: () => {
          clearTimeout(timer)
          resolve()
        },
      }
      this.waiters.push(waiter)
    })
  }

  onBlock(listener: (block: CommittedBlock) => void): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  submit(group: readonly algosdk.SignedTransaction[]): SubmitResult {
    const prepared = this.admit(group)
    return 'ok' in prepared ? prepared : this.accept(prepared.group)
  }

  /**
   * As `submit`, with the group's ed25519 signatures checked on the signature pool's threads
   * while this thread goes on serving. The ledger rules still run here, whole and in order: each
   * group is applied after every group submitted before it, exactly as `submit` applies it,
   * only reading the pool's answers instead of verifying again. A group with few signatures and
   * nothing ahead of it is simply applied at once.
   */
  async submitAsync(group: readonly algosdk.SignedTransaction[]): Promise<SubmitResult> {
    const prepared = this.admit(group)
    if ('ok' in prepared) return prepared
    const checks = signatureChecks(prepared.group)
    const small = checks.length < POOL_MIN_SIGNATURES
    if (small && this.queued === 0) return this.accept(prepared.group)
    const answers = small ? Promise.resolve(undefined) : this.signatures.verify(checks)
    this.queued++
    const turn = this.queue.then(async () =>
      this.accept(prepared.group, precheckedVerifier(checks, await answers)),
    )
    // Nothing in a turn throws, but if something ever did, later groups must still get theirs.
    this.queue = turn.catch(() => undefined)
    try {
      return await turn
    } finally {
      this.queued--
    }
  }

  /** The checks that need no state, and each transaction prepared; or why the group is refused. */
  private admit(
    group: readonly algosdk.SignedTransaction[],
  ): SubmitResult | { readonly group: readonly Prepared[] } {
    if (this.closed) return reject('the devnet is shutting down')
    if (group.length === 0) return reject('empty txgroup')
    if (group.length > this.proto.maxTxGroupSize) {
      return reject(`max group size is ${this.proto.maxTxGroupSize}`)
    }
    try {
      return { group: group.map(prepare) }
    } catch (e) {
      return reject(message(e))
    }
  }

  /** Verifies and applies a prepared group (committing it at once in dev mode). */
  private accept(prepared: readonly Prepared[], ed25519?: Ed25519Verifier): SubmitResult {
    if (this.closed) return reject('the devnet is shutting down')
    try {
      const builder = this.pendingBlock ?? this.newBuilder()
      const added = builder.add(prepared, true, ed25519)
      if (!added.ok) return reject(added.message)
      if (this.pendingBlock === undefined) this.commit(builder, this.nextTimestamp(), true)
      else for (const p of prepared) this.pool.set(p.id, p.stxn)
      return { ok: true, txids: prepared.map((p) => p.id) }
    } catch (e) {
      return reject(message(e))
    }
  }

  pending(txid: string): modelsv2.PendingTransactionResponse | undefined {
    const waiting = this.pool.get(txid)
    if (waiting !== undefined) return poolResponse(waiting)
    const round = this.archive.confirmedRound(txid)
    if (round === undefined) return undefined
    const committed = this.archive.get(round)
    const index = committed?.txids.indexOf(txid) ?? -1
    const stib = committed?.block.payset[index]
    if (stib === undefined) return undefined
    const stxn = fromBlock(stib, this.genesis.id, this.genesis.hash)
    return pendingResponse(stxn, stib.signedTxn.applyData, round)
  }

  pendingList(max: number): modelsv2.PendingTransactionsResponse {
    const all = [...this.pool.values()]
    const top = max > 0 ? all.slice(0, max) : all
    return new algosdk.modelsv2.PendingTransactionsResponse({
      topTransactions: top,
      totalTransactions: all.length,
    })
  }

  simulate(request: modelsv2.SimulateRequest): modelsv2.SimulateResponse {
    try {
      return simulate(request, this.state, this.context(this.lastRound() + 1n), this.lastRound())
    } catch (e) {
      // Whatever the request did to us, the answer is a 400 with a reason, never a 500.
      if (e instanceof SimulateRequestError) throw e
      throw new SimulateRequestError(`cannot simulate this request: ${message(e)}`, { cause: e })
    }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    if (this.timer !== undefined) clearInterval(this.timer)
    // Groups waiting on the pool then find the chain closed and are refused.
    await this.signatures.close()
    for (const w of this.waiters) w.done()
    this.waiters = []
    if (this.ownsStore) this.store.close()
    await Promise.resolve()
  }

  // ---- building blocks ----

  private context(round: bigint): ChainContext {
    const genesis = this.genesis
    return {
      proto: this.proto,
      round,
      latestTimestamp: this.archive.lastHeader().timestamp,
      genesisId: genesis.id,
      genesisHash: genesis.hash,
      specials: { feeSink: this.feeSink.publicKey, rewardsPool: this.rewardsPool.publicKey },
      blockHeader: (r) => this.archive.header(r),
    }
  }

  private newBuilder(): BlockBuilder {
    return new BlockBuilder(this.state, this.context(this.lastRound() + 1n))
  }

  /**
   * Dev mode's clock, as go-algorand's writeDevmodeBlock sets it: once an offset is set, the
   * previous block's time plus the offset (so each block moves time on by it); before that, the
   * wall clock, never before the previous block.
   */
  private nextTimestamp(): bigint {
    const prev = this.archive.lastHeader().timestamp
    const offset = this.blockTimestampOffset
    if (offset !== undefined && offset < MAX_INT64 - prev) return prev + offset
    const now = this.now()
    return now > prev ? now : prev
  }

  /** The genesis state and block (round 0). */
  private allocate(): void {
    for (const a of this.genesis.alloc ?? []) {
      const key = addrKey(algosdk.decodeAddress(a.address).publicKey)
      this.state.accounts.set(key, {
        ...EMPTY_ACCOUNT,
        balance: a.microAlgos,
        status: a.status as AccountStatus,
        participation: a.participation,
      })
    }
    const header = makeHeader({
      ...this.headerConstants(),
      round: 0n,
      prev: undefined,
      timestamp: this.genesis.timestamp,
      txnCounter: GENESIS_TXN_COUNTER,
      feesCollected: 0n,
    })
    const hashed = hashHeader(header)
    this.prev = hashed
    this.archive.add(
      { round: 0n, block: new algosdk.Block({ header, payset: [] }), txids: [] },
      { header: hashed.bytes, txns: [], applyData: [], ids: new Uint8Array(0) },
    )
  }

  private constants: ReturnType<DevnetChain['makeHeaderConstants']> | undefined

  /** The header fields every block shares, made once (makeHeader shares their objects too). */
  private headerConstants() {
    this.constants ??= this.makeHeaderConstants()
    return this.constants
  }

  private makeHeaderConstants() {
    const g = this.genesis
    return {
      genesisId: g.id,
      genesisHash: g.hash,
      proto: g.proto,
      feeSink: this.feeSink,
      rewardsPool: this.rewardsPool,
      rewardsRecalculationRound: this.proto.rewardsRateRefreshInterval,
    }
  }

  /** A fresh chain's first block: the USDC setup group. */
  private bootstrap(): void {
    const builder = this.newBuilder()
    const added = builder.add(usdcSetupGroup(this.genesis).map(prepare), true)
    if (!added.ok) throw new Error(`the genesis USDC setup failed: ${added.message}`)
    this.commit(builder, this.nextTimestamp(), true)
  }

  private replay(stored: StoredBlock): void {
    const round = this.lastRound() + 1n
    if (stored.round !== round) {
      throw new Error(`stored block ${stored.round} is out of order: expected round ${round}`)
    }
    const builder = this.newBuilder()
    for (const group of stored.groups) {
      const prepared = group.map((bytes) => prepare(algosdk.decodeSignedTransaction(bytes)))
      // Signatures were verified when the block was first made; replay only re-applies.
      const added = builder.add(prepared, false)
      if (!added.ok) throw new Error(`cannot replay round ${round}: ${added.message}`)
    }
    this.commit(builder, stored.timestamp, false)
  }

  private tick(): void {
    const builder = this.pendingBlock
    if (builder === undefined || this.closed) return
    try {
      this.commit(builder, this.nextTimestamp(), true)
    } catch (e) {
      // The store refused the block: keep it pending and try again next time.
      console.error(`devnet: could not commit round ${builder.round}: ${message(e)}`)
      return
    }
    this.pool.clear()
    this.pendingBlock = this.newBuilder()
  }

  /** Stores the block, then makes it (and its state) visible. */
  private commit(builder: BlockBuilder, timestamp: bigint, persist: boolean): void {
    const round = builder.round
    const header = makeHeader({
      ...this.headerConstants(),
      round,
      prev: this.prev,
      timestamp,
      txnCounter: this.state.txnCounter() + builder.overlay.counted,
      feesCollected: builder.overlay.feesCollected,
    })
    const hashed = hashHeader(header)
    // One pass over the groups for everything the block, the store and the archive need.
    let count = 0
    for (const g of builder.groups) count += g.prepared.length
    const payset: algosdk.SignedTxnInBlock[] = new Array<algosdk.SignedTxnInBlock>(count)
    const txids: string[] = new Array<string>(count)
    const txns: Uint8Array[] = new Array<Uint8Array>(count)
    const archived: (algosdk.ApplyData | undefined)[] = new Array<algosdk.ApplyData | undefined>(
      count,
    )
    const ids = new Uint8Array(count * 32)
    let i = 0
    for (const g of builder.groups) {
      for (let j = 0; j < g.prepared.length; j++, i++) {
        const p = g.prepared[j]
        const ad = toApplyData(g.results[j])
        payset[i] = inBlock(p.stxn, ad)
        txids[i] = p.id
        txns[i] = p.encoded
        archived[i] = isEmptyApplyData(ad) ? undefined : ad
        ids.set(p.txid, i * 32)
      }
    }
    const block = new algosdk.Block({ header, payset })
    if (persist) {
      this.store.append({
        round,
        timestamp,
        groups: builder.groups.map((g) => g.prepared.map((p) => p.encoded)),
      })
    }
    builder.overlay.commit()
    this.state.expire(round + 1n)
    this.prev = hashed
    const committed: CommittedBlock = { round, block, txids }
    this.archive.add(committed, { header: hashed.bytes, txns, applyData: archived, ids })
    for (const listener of this.listeners) {
      try {
        listener(committed)
      } catch (e) {
        console.error(`devnet: a block listener failed: ${message(e)}`)
      }
    }
    if (this.waiters.length === 0) return
    const due = this.waiters.filter((w) => w.round <= round)
    this.waiters = this.waiters.filter((w) => w.round > round)
    for (const w of due) w.done()
  }
}
