/**
 * The consensus parameters the AVM consults. Values default to MainNet's current consensus (v41,
 * AVM 12), from go-algorand config/consensus.go; see docs/algorand.md §2.
 */
import { MAX_VERSION } from './spec/versions.js'

export interface Protocol {
  /** Highest program version the network accepts. */
  readonly logicSigVersion: number
  readonly minTxnFee: bigint
  readonly minBalance: bigint
  readonly maxTxnLife: bigint
  readonly maxTxGroupSize: number
  /** Per-transaction logic-sig budget, pooled over the group. */
  readonly logicSigMaxCost: number
  /** Per-app-call budget, pooled over the group's app calls (inner ones included). */
  readonly maxAppProgramCost: number
  readonly maxAppKeyLen: number
  readonly maxAppBytesValueLen: number
  /** Limit on key + value length of one state entry. */
  readonly maxAppSumKeyValueLens: number
  readonly maxInnerTransactionsPerDelta: number
  /** Inner transactions a group may issue in all (16 per top-level app call, pooled). */
  readonly maxInnerTransactions: number
  readonly maxAppCallDepth: number
  readonly maxAppTxnAccounts: number
  readonly maxAppTotalTxnReferences: number
  readonly maxBoxSize: number
  readonly bytesPerBoxReference: number
  readonly boxFlatMinBalance: bigint
  readonly boxByteMinBalance: bigint
  readonly assetCreateMinBalance: bigint
  readonly assetOptInMinBalance: bigint
  readonly maxLogCalls: number
  readonly maxLogSize: number
  readonly evalMaxArgs: number
  readonly maxLogicSigArgSize: number
  readonly payoutsEnabled: boolean
  readonly payoutsGoOnlineFee: bigint
  readonly payoutsPercent: bigint
  readonly payoutsMinBalance: bigint
  readonly payoutsMaxBalance: bigint
}

export const MAINNET_PROTOCOL: Protocol = {
  logicSigVersion: MAX_VERSION,
  minTxnFee: 1000n,
  minBalance: 100_000n,
  maxTxnLife: 1000n,
  maxTxGroupSize: 16,
  logicSigMaxCost: 20_000,
  maxAppProgramCost: 700,
  maxAppKeyLen: 64,
  maxAppBytesValueLen: 128,
  maxAppSumKeyValueLens: 128,
  maxInnerTransactionsPerDelta: 16,
  maxInnerTransactions: 16,
  maxAppCallDepth: 8,
  maxAppTxnAccounts: 8,
  maxAppTotalTxnReferences: 8,
  maxBoxSize: 32_768,
  bytesPerBoxReference: 2048,
  boxFlatMinBalance: 2500n,
  boxByteMinBalance: 400n,
  assetCreateMinBalance: 100_000n,
  assetOptInMinBalance: 100_000n,
  maxLogCalls: 32,
  maxLogSize: 1024,
  evalMaxArgs: 255,
  maxLogicSigArgSize: 4096, // config.MaxAVMBytesSize; the 1000-byte LogicSigMaxSize on program + args is the host's check
  payoutsEnabled: true,
  payoutsGoOnlineFee: 2_000_000n,
  payoutsPercent: 50n,
  payoutsMinBalance: 30_000_000_000n,
  payoutsMaxBalance: 70_000_000_000_000n,
}
