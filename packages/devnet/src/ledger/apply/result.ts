/**
 * What applying one transaction leaves behind (go's transactions.ApplyData), in a mutable form
 * the apply functions fill in, converted to algosdk's ApplyData for blocks and REST answers.
 */
import algosdk from 'algosdk'

export interface ApplyResult {
  closingAmount: bigint
  assetClosingAmount: bigint
  /** Id of the asset this transaction created. */
  configAsset: bigint
  /** Id of the app this transaction created. */
  applicationId: bigint
  /** Set for app calls whose program ran and passed (go's EvalDelta). */
  evalDelta: algosdk.EvalDelta | undefined
}

export function newApplyResult(): ApplyResult {
  return {
    closingAmount: 0n,
    assetClosingAmount: 0n,
    configAsset: 0n,
    applicationId: 0n,
    evalDelta: undefined,
  }
}

export function toApplyData(r: ApplyResult): algosdk.ApplyData {
  return new algosdk.ApplyData({
    closingAmount: r.closingAmount,
    assetClosingAmount: r.assetClosingAmount,
    senderRewards: 0n,
    receiverRewards: 0n,
    closeRewards: 0n,
    evalDelta: r.evalDelta,
    configAsset: r.configAsset,
    applicationID: r.applicationId,
  })
}

export const logsOf = (r: ApplyResult): readonly Uint8Array[] => r.evalDelta?.logs ?? []
