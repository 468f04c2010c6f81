/** Opt-ins the flows queue first (docs/product.md §4, "Button flow"), and the app close-out. */
import algosdk from 'algosdk'
import { group, wallet, withFee, type ChainParams, type UnsignedGroup } from './group.js'

export interface AppOptInInput {
  readonly account: string
  readonly appId: bigint
  readonly params: ChainParams
}

/** [0] appl OptIn: local B becomes the account's bid of record (0 if none). */
export function buildAppOptIn(input: AppOptInInput): UnsignedGroup {
  const txn = algosdk.makeApplicationOptInTxnFromObject({
    sender: input.account,
    appIndex: input.appId,
    boxes: [{ appIndex: 0, name: algosdk.decodeAddress(input.account).publicKey }],
    suggestedParams: withFee(input.params, 1),
  })
  return group([txn], [wallet(input.account)])
}

/** [0] appl CloseOut: only without an open bid. */
export function buildAppCloseOut(input: AppOptInInput): UnsignedGroup {
  const txn = algosdk.makeApplicationCloseOutTxnFromObject({
    sender: input.account,
    appIndex: input.appId,
    boxes: [{ appIndex: 0, name: algosdk.decodeAddress(input.account).publicKey }],
    suggestedParams: withFee(input.params, 1),
  })
  return group([txn], [wallet(input.account)])
}

export interface AssetOptInInput {
  readonly account: string
  readonly assetId: bigint
  readonly params: ChainParams
}

/** [0] axfer 0 of the asset to oneself. */
export function buildAssetOptIn(input: AssetOptInInput): UnsignedGroup {
  const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
    sender: input.account,
    receiver: input.account,
    assetIndex: input.assetId,
    amount: 0n,
    suggestedParams: withFee(input.params, 1),
  })
  return group([txn], [wallet(input.account)])
}
