/**
 * go-algorand's `apply.Balances` over an Overlay: account reads and writes, and `Move` with its
 * overspend and overflow errors. It remembers which accounts were written since the last
 * top-level transaction, whose minimum balances are then checked (go's `checkMinBalance` over
 * the cow's modified accounts).
 */
import { belowMin, fail, overspend, showAccountData, showAlgos } from '../errors.js'
import { keyString } from '../keys.js'
import { minBalance } from '../min-balance.js'
import type { Overlay } from '../overlay.js'
import type { LedgerProtocol } from '../protocol.js'
import { EMPTY_ACCOUNT, isEmptyAccount, type AccountData } from '../state.js'

const MAX_UINT64 = (1n << 64n) - 1n
/** go's RewardUnit: accounts holding one or more are rewritten by every Move (for rewards). */
const REWARD_UNIT = 1_000_000n

export interface Specials {
  readonly feeSink: string
  readonly rewardsPool: string
}

export class Balances {
  /** Accounts written since `checkMinBalances` last ran. */
  readonly touched = new Set<string>()

  constructor(
    /** Where writes go; a clear-state program swaps in a child overlay while it runs. */
    public ov: Overlay,
    readonly proto: LedgerProtocol,
    readonly specials: Specials,
    readonly round: bigint,
  ) {}

  get(key: string): AccountData {
    return this.ov.account(key) ?? EMPTY_ACCOUNT
  }

  put(key: string, data: AccountData): void {
    this.ov.putAccount(key, data)
    this.touched.add(key)
  }

  update(key: string, change: Partial<AccountData>): AccountData {
    const next = { ...this.get(key), ...change }
    this.put(key, next)
    return next
  }

  /**
   * The id a transaction creating an app or asset gives it: one past the transactions counted
   * before it (go's GetCreatableID), which must not be taken.
   */
  newCreatableId(kind: 'app' | 'asset', ctr: bigint): bigint {
    const id = ctr + 1n
    const taken = kind === 'app' ? this.ov.app(id) : this.ov.asset(id)
    if (taken !== undefined) fail(`already found ${kind} with index ${id}`)
    return id
  }

  /** go's roundCowState.Move (rewards are always zero here). */
  move(from: string, to: string, amount: bigint): void {
    const src = this.get(from)
    if (amount !== 0n || src.balance >= REWARD_UNIT) {
      if (src.balance < amount) overspend(from, src, amount)
      this.put(from, { ...src, balance: src.balance - amount })
    }
    const dst = this.get(to)
    if (amount !== 0n || dst.balance >= REWARD_UNIT) {
      if (dst.balance + amount > MAX_UINT64) {
        fail(
          `balance overflow (account ${keyString(to)}, data ${showAccountData(dst)}, was going to receive ${showAlgos(amount)})`,
        )
      }
      this.put(to, { ...dst, balance: dst.balance + amount })
    }
  }

  /** The fee goes to the fee sink; go counts it in the block's FeesCollected. */
  takeFee(sender: string, fee: bigint): void {
    this.move(sender, this.specials.feeSink, fee)
    if (sender !== this.specials.feeSink) this.ov.feesCollected += fee
  }

  /** go's BlockEvaluator.checkMinBalance, over the accounts written since the last check. */
  checkMinBalances(): void {
    for (const key of this.touched) {
      if (key === this.specials.feeSink || key === this.specials.rewardsPool) continue
      const a = this.get(key)
      if (isEmptyAccount(a)) continue
      const min = minBalance(a, this.proto)
      if (a.balance < min) belowMin(key, a.balance, min, a.totalAssets)
    }
    this.touched.clear()
  }
}
