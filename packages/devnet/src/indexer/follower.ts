/**
 * Builds the index by following committed blocks, as the real indexer follows algod: it catches
 * up from the first block to the chain's last, then takes each new block as the chain announces
 * it (back-filling any it did not hear about, so no round is ever skipped).
 */
import { decodeAddress } from 'algosdk'
import type { Chain, CommittedBlock } from '../chain/types.js'
import { AddressTable } from './keys.js'
import { StateIndex } from './state-index.js'
import { TxnIndex } from './txn-index.js'

export class IndexFollower {
  readonly addresses = new AddressTable()
  readonly txns: TxnIndex
  readonly state: StateIndex
  private next = 0n
  private readonly unsubscribe: () => void

  constructor(readonly chain: Chain) {
    this.txns = new TxnIndex(this.addresses, (round) => chain.block(round))
    this.state = new StateIndex(this.addresses)
    this.seedGenesis()
    this.unsubscribe = chain.onBlock((block) => {
      this.catchUp(block.round, block)
    })
  }

  /**
   * Indexes what the chain already has (a restored chain may have many rounds), a thousand rounds
   * at a time so the process stays responsive meanwhile.
   */
  async start(): Promise<void> {
    for (;;) {
      const target = this.chain.lastRound()
      if (this.next > target) return
      const before = this.next
      const step = this.next + 1000n
      this.catchUp(step < target ? step : target)
      if (this.next === before) return // a round the chain cannot give (never expected)
      await new Promise<void>((resolve) => setImmediate(resolve))
    }
  }

  /** The last round indexed (what the indexer calls the current round). */
  get round(): bigint {
    return this.next === 0n ? 0n : this.next - 1n
  }

  stop(): void {
    this.unsubscribe()
  }

  /** Indexes every round up to `round` that is not indexed yet, in order. */
  catchUp(round: bigint, announced?: CommittedBlock): void {
    while (this.next <= round) {
      const block = announced?.round === this.next ? announced : this.chain.block(this.next)
      if (block === undefined) {
        // Round 0 (genesis) may have no stored block: it is then simply empty.
        if (this.next === 0n) {
          this.next = 1n
          continue
        }
        return
      }
      try {
        this.add(block)
      } catch (e) {
        // Our bug, not the chain's: say so, and keep following the rounds after it.
        console.error(`devnet indexer: round ${this.next.toString()} not indexed: ${String(e)}`)
      }
      this.next += 1n
    }
  }

  private add(committed: CommittedBlock): void {
    this.txns.addBlock(committed)
    const round = Number(committed.round)
    for (const stib of committed.block.payset) this.state.apply(stib.signedTxn, round, true)
  }

  /**
   * Genesis accounts, and what they created, hold or opted in to, from the chain's state. Exact on
   * a fresh chain; on a restored one, events seen while catching up settle what came later.
   */
  private seedGenesis(): void {
    for (const account of this.chain.genesis.accounts) {
      const key = this.addresses.idOf(decodeAddress(account.address))
      this.state.touchAccount(key, 0)
      const info = this.chain.accountInfo(account.address, 'none')
      for (const created of info.createdAssets ?? []) {
        this.state.createAsset(created.index, key, 0, true)
      }
      for (const holding of info.assets ?? []) this.state.optInAsset(key, holding.assetId, 0, true)
      for (const created of info.createdApps ?? []) this.state.createApp(created.id, key, 0, true)
      for (const local of info.appsLocalState ?? []) this.state.optInApp(key, local.id, 0, true)
    }
  }
}
