/**
 * A small in-memory Ledger for the AVM's own tests. Like go-algorand's ledger_test.go it skips
 * protocol rules (min balances, schemas) on purpose: the AVM must enforce its own limits. Inner
 * transactions are recorded and given simple effects (created ids, rekeys, and each sender's
 * authorization checked as a host must); real application is the devnet's job. Tests may replace
 * `innerEffects` to script what an inner group does (logs, failures).
 */
import type {
  AccountInfo,
  AppParams,
  AssetHolding,
  AssetParams,
  BlockHeader,
  InnerCaller,
  Ledger,
  VoterParams,
} from '../src/ledger.js'
import { innerSenderProblem } from '../src/eval/inner-submit.js'
import { toHex as hex } from '../src/eval/resources.js'
import type { StackValue } from '../src/eval/value.js'
import type { Txn, TxnEffects } from '../src/txn.js'

const ZERO_ACCOUNT: AccountInfo = {
  balance: 0n,
  minBalance: 0n,
  authAddr: new Uint8Array(32),
  totalNumUint: 0n,
  totalNumByteSlice: 0n,
  totalExtraAppPages: 0n,
  totalAppsCreated: 0n,
  totalAppsOptedIn: 0n,
  totalAssetsCreated: 0n,
  totalAssets: 0n,
  totalBoxes: 0n,
  totalBoxBytes: 0n,
  incentiveEligible: false,
  lastProposed: 0n,
  lastHeartbeat: 0n,
}

export class FakeLedger implements Ledger {
  currentRound = 1000n
  timestamp = 1_700_000_000n
  genesis = new Uint8Array(32).fill(7)
  readonly accounts = new Map<string, AccountInfo>()
  readonly holdings = new Map<string, AssetHolding>()
  readonly assets = new Map<bigint, AssetParams>()
  readonly apps = new Map<bigint, AppParams>()
  readonly optIns = new Set<string>()
  readonly globals = new Map<string, StackValue>()
  readonly locals = new Map<string, StackValue>()
  readonly boxes = new Map<string, Uint8Array>()
  readonly blocks = new Map<bigint, BlockHeader>()
  /** Every inner group performed, in order. */
  readonly innerGroups: {
    caller: InnerCaller
    txns: readonly Txn[]
    txids: readonly Uint8Array[]
  }[] = []
  nextId = 5000n
  /** Set to check inner transactions as go's WellFormed would (throwing an Error). */
  wellFormed?: (txn: Txn) => void
  /** What one inner transaction leaves behind; by default, the id of what it creates. */
  innerEffects: (txn: Txn, index: number) => TxnEffects = (t) => ({
    logs: [],
    createdAssetId: t.type === 'acfg' && t.configAsset === 0n ? this.nextId++ : 0n,
    createdApplicationId: t.type === 'appl' && t.applicationId === 0n ? this.nextId++ : 0n,
  })

  round(): bigint {
    return this.currentRound
  }
  latestTimestamp(): bigint {
    return this.timestamp
  }
  genesisHash(): Uint8Array {
    return this.genesis
  }
  blockHeader(round: bigint): BlockHeader | undefined {
    return this.blocks.get(round)
  }
  account(addr: Uint8Array): AccountInfo {
    return this.accounts.get(hex(addr)) ?? ZERO_ACCOUNT
  }
  setAccount(addr: Uint8Array, info: Partial<AccountInfo>): void {
    this.accounts.set(hex(addr), { ...this.account(addr), ...info })
  }
  voterParams(addr: Uint8Array): VoterParams {
    return { balance: this.account(addr).balance, incentiveEligible: false }
  }
  onlineStake(): bigint {
    return 0n
  }
  assetHolding(addr: Uint8Array, assetId: bigint): AssetHolding | undefined {
    return this.holdings.get(`${hex(addr)}/${assetId}`)
  }
  setHolding(addr: Uint8Array, assetId: bigint, holding: AssetHolding): void {
    this.holdings.set(`${hex(addr)}/${assetId}`, holding)
  }
  assetParams(assetId: bigint): AssetParams | undefined {
    return this.assets.get(assetId)
  }
  appParams(appId: bigint): AppParams | undefined {
    return this.apps.get(appId)
  }
  optedIn(addr: Uint8Array, appId: bigint): boolean {
    return this.optIns.has(`${hex(addr)}/${appId}`)
  }
  optIn(addr: Uint8Array, appId: bigint): void {
    this.optIns.add(`${hex(addr)}/${appId}`)
  }
  /** Creates app `appId` (or replaces its params), with empty programs unless given. */
  createApp(appId: bigint, params: Partial<AppParams> = {}): void {
    this.apps.set(appId, {
      approvalProgram: new Uint8Array([8, 0x81, 1]),
      clearStateProgram: new Uint8Array([8, 0x81, 1]),
      globalNumUint: 0n,
      globalNumByteSlice: 0n,
      localNumUint: 0n,
      localNumByteSlice: 0n,
      extraProgramPages: 0n,
      creator: new Uint8Array(32).fill(42),
      version: 0n,
      ...params,
    })
  }
  getGlobal(appId: bigint, key: Uint8Array): StackValue | undefined {
    return this.globals.get(`${appId}/${hex(key)}`)
  }
  setGlobal(appId: bigint, key: Uint8Array, value: StackValue): void {
    this.globals.set(`${appId}/${hex(key)}`, value)
  }
  delGlobal(appId: bigint, key: Uint8Array): void {
    this.globals.delete(`${appId}/${hex(key)}`)
  }
  getLocal(addr: Uint8Array, appId: bigint, key: Uint8Array): StackValue | undefined {
    return this.locals.get(`${hex(addr)}/${appId}/${hex(key)}`)
  }
  setLocal(addr: Uint8Array, appId: bigint, key: Uint8Array, value: StackValue): void {
    this.locals.set(`${hex(addr)}/${appId}/${hex(key)}`, value)
  }
  delLocal(addr: Uint8Array, appId: bigint, key: Uint8Array): void {
    this.locals.delete(`${hex(addr)}/${appId}/${hex(key)}`)
  }
  getBox(appId: bigint, name: Uint8Array): Uint8Array | undefined {
    return this.boxes.get(`${appId}/${hex(name)}`)
  }
  putBox(appId: bigint, name: Uint8Array, value: Uint8Array): void {
    this.boxes.set(`${appId}/${hex(name)}`, value)
  }
  delBox(appId: bigint, name: Uint8Array): boolean {
    return this.boxes.delete(`${appId}/${hex(name)}`)
  }
  performInner(
    caller: InnerCaller,
    txns: readonly Txn[],
    txids: readonly Uint8Array[] = [],
  ): readonly TxnEffects[] {
    const effects = txns.map((t, i) => {
      const problem = innerSenderProblem(this, caller, t.sender)
      if (problem !== undefined) throw new Error(problem)
      const e = this.innerEffects(t, i)
      if (t.rekeyTo.some((b) => b !== 0)) {
        const self = t.rekeyTo.every((b, j) => b === t.sender[j])
        this.setAccount(t.sender, { authAddr: self ? new Uint8Array(32) : t.rekeyTo })
      }
      return e
    })
    this.innerGroups.push({ caller, txns, txids })
    return effects
  }
}
