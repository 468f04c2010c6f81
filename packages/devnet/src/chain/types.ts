/**
 * The devnet's internal contract: what the chain core offers the REST layers (algod, indexer,
 * kmd, explorer) and what the persistence layer offers the core. Payloads are algosdk v3 model
 * objects wherever algod or indexer returns one, so the REST layers encode exactly what algosdk
 * decodes (encodeJSON / encodeMsgpack of the same objects).
 */
import type { ParticipationKeys } from '@unica/avm'
import type { Block, SignedTransaction, modelsv2 } from 'algosdk'

/** A genesis account; keys are deterministic and also held by kmd's default wallet. */
export interface GenesisAccount {
  /** As in go-algorand's genesis.json `alloc[].comment` (AlgoKit finds the dispenser as "Wallet1"). */
  readonly comment: string
  readonly address: string
  /** ed25519 secret key in algosdk's 64-byte form (seed || public key). */
  readonly secretKey: Uint8Array
  readonly microAlgos: bigint
}

/** One entry of go-algorand's genesis.json `alloc`, in order (special accounts included). */
export interface GenesisAllocation {
  readonly address: string
  readonly comment: string
  readonly microAlgos: bigint
  /** go's basics.Status: 0 Offline, 1 Online, 2 NotParticipating (genesis.json `state.onl`). */
  readonly status: number
  /** An online account's keys (genesis.json `state` `vote`, `sel`, `stprf`, `voteFst`, ...). */
  readonly participation?: GenesisParticipation
}

/** The public participation keys of an online genesis account (go's basics.VotingData). */
export type GenesisParticipation = ParticipationKeys

export interface GenesisInfo {
  readonly id: string
  /** 32-byte genesis hash. */
  readonly hash: Uint8Array
  readonly network: string
  readonly proto: string
  /** Seconds since the epoch of the genesis block. */
  readonly timestamp: bigint
  readonly accounts: readonly GenesisAccount[]
  /** The USDC-like asset created at genesis (unit USDC, 6 decimals). */
  readonly usdcAssetId: bigint
  /** The account that created it. */
  readonly usdcIssuer: string
  // Set by the chain (optional only so that test fakes need not fill them):
  /** The fee sink and rewards pool (genesis.json `fees` and `rwd`). */
  readonly feeSink?: string
  readonly rewardsPool?: string
  /** genesis.json `alloc` in order: RewardsPool, FeeSink, then the accounts above. */
  readonly alloc?: readonly GenesisAllocation[]
  /** genesis.json `devmode`. */
  readonly devMode?: boolean
}

/** Why a group was refused; `message` follows algod's error text shapes. */
interface Rejection {
  readonly message: string
}

export type SubmitResult =
  | { readonly ok: true; readonly txids: readonly string[] }
  | { readonly ok: false; readonly rejection: Rejection }

/** A committed block as the core keeps it: the algosdk Block (header + payset with apply data). */
export interface CommittedBlock {
  readonly round: bigint
  readonly block: Block
  /** Transaction ids of the payset, in order (top-level only). */
  readonly txids: readonly string[]
}

export interface Chain {
  readonly genesis: GenesisInfo
  lastRound(): bigint
  /** A committed block, or undefined if that round does not exist. */
  block(round: bigint): CommittedBlock | undefined
  /** Resolves once `round` is committed, or after `timeoutMs` (algod's wait-for-block-after). */
  waitForRound(round: bigint, timeoutMs: number): Promise<void>
  /** Calls `listener` after each committed block; returns the unsubscribe function. */
  onBlock(listener: (block: CommittedBlock) => void): () => void

  /**
   * Validates and applies a group atomically; in dev mode it is committed in its own block. It is
   * applied at once, ahead of any submitAsync group still waiting for its signatures.
   */
  submit(group: readonly SignedTransaction[]): SubmitResult
  /**
   * The same, with signatures checked off the main thread; groups submitted this way are applied
   * in the order they were submitted (what algod's REST route uses).
   */
  submitAsync(group: readonly SignedTransaction[]): Promise<SubmitResult>
  /** algod's pending-transaction view of a txid: in the pool, confirmed (in the last 1000 rounds), or undefined. */
  pending(txid: string): modelsv2.PendingTransactionResponse | undefined
  pendingList(max: number): modelsv2.PendingTransactionsResponse
  simulate(request: modelsv2.SimulateRequest): modelsv2.SimulateResponse

  accountInfo(address: string, exclude: 'all' | 'none'): modelsv2.Account
  accountAsset(address: string, assetId: bigint): modelsv2.AccountAssetResponse | undefined
  accountApplication(
    address: string,
    appId: bigint,
  ): modelsv2.AccountApplicationResponse | undefined
  asset(assetId: bigint): modelsv2.Asset | undefined
  application(appId: bigint): modelsv2.Application | undefined
  /** algod's ledger supply at the latest round. */
  supply(): modelsv2.SupplyResponse
  boxNames(appId: bigint): readonly Uint8Array[]
  box(appId: bigint, name: Uint8Array): Uint8Array | undefined

  /**
   * Dev mode's block timestamp offset in seconds: once set, each block is stamped with the
   * previous block's time plus it (go's writeDevmodeBlock); undefined until set (wall clock).
   */
  blockTimestampOffset: bigint | undefined

  close(): Promise<void>
}

/**
 * Where committed blocks are kept. The in-memory store is the default; the file store (with
 * `--data`) makes each append durable before it returns, so a crash at any moment loses no
 * committed block and leaves no half-written one.
 */
export interface BlockStore {
  /** Every stored block in order, from round 1 (genesis is rebuilt, not stored). */
  load(): readonly StoredBlock[]
  /** Durably appends the next block. */
  append(block: StoredBlock): void
  close(): void
}

/** What is enough to rebuild a block by replaying it: its groups, as submitted, and its time. */
export interface StoredBlock {
  readonly round: bigint
  readonly timestamp: bigint
  /** Each group's signed transactions, msgpack-encoded as submitted. */
  readonly groups: readonly (readonly Uint8Array[])[]
}
