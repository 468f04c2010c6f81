/**
 * The consensus parameters the ledger applies, for MainNet's consensus v41 (go-algorand
 * config/consensus.go, `v41 := v40` and its ancestors), on top of those the AVM itself consults.
 */
import { MAINNET_PROTOCOL, type Protocol } from '@unica/avm'

/** go-algorand protocol/consensus.go `ConsensusV41`, MainNet's current version (AVM 12). */
export const CONSENSUS_V41 =
  'https://github.com/algorandfoundation/specs/tree/953304de35264fc3ef91bcd05c123242015eeaed'

export interface LedgerProtocol extends Protocol {
  readonly maxTxnNoteBytes: number
  readonly maxAssetNameBytes: number
  readonly maxAssetUnitNameBytes: number
  readonly maxAssetURLBytes: number
  readonly maxAssetDecimals: number
  readonly maxAppArgs: number
  readonly maxAppTotalArgLen: number
  readonly maxAppProgramLen: number
  readonly maxAppTotalProgramLen: number
  readonly maxExtraAppProgramPages: number
  readonly maxAppTxnForeignApps: number
  readonly maxAppTxnForeignAssets: number
  readonly maxAppBoxReferences: number
  readonly maxGlobalSchemaEntries: number
  readonly maxLocalSchemaEntries: number
  readonly minInnerApplVersion: number
  readonly appFlatParamsMinBalance: bigint
  readonly appFlatOptInMinBalance: bigint
  readonly schemaMinBalancePerEntry: bigint
  readonly schemaUintMinBalance: bigint
  readonly schemaBytesMinBalance: bigint
  /** Per-LogicSig size unit, pooled over the group (v40 EnableLogicSigSizePooling). */
  readonly logicSigMaxSize: number
  readonly rewardsRateRefreshInterval: bigint
}

export const LEDGER_PROTOCOL: LedgerProtocol = {
  ...MAINNET_PROTOCOL,
  maxTxnNoteBytes: 1024,
  maxAssetNameBytes: 32,
  maxAssetUnitNameBytes: 8,
  maxAssetURLBytes: 96,
  maxAssetDecimals: 19,
  maxAppArgs: 16,
  maxAppTotalArgLen: 2048,
  maxAppProgramLen: 2048,
  maxAppTotalProgramLen: 2048,
  maxExtraAppProgramPages: 3,
  maxAppTxnForeignApps: 8,
  maxAppTxnForeignAssets: 8,
  maxAppBoxReferences: 8,
  maxGlobalSchemaEntries: 64,
  maxLocalSchemaEntries: 16,
  minInnerApplVersion: 4,
  appFlatParamsMinBalance: 100_000n,
  appFlatOptInMinBalance: 100_000n,
  schemaMinBalancePerEntry: 25_000n,
  schemaUintMinBalance: 3_500n,
  schemaBytesMinBalance: 25_000n,
  logicSigMaxSize: 1000,
  rewardsRateRefreshInterval: 500_000n,
}
