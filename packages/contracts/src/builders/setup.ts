/**
 * Staff flows: create the NFT, deploy its manager through a proxy, configure the escrow.
 */
import algosdk from 'algosdk'
import { CONFIGURE_ARG, arg } from '../args.js'
import { arc69Note, nftMetadataHash, type NftDescription } from '../nft.js'
import { clearProgram, managerProgram, proxyProgram } from '../programs/index.js'
import { ESCROW_FUNDING, MANAGER_SCHEMA, PROXY_FUNDING } from '../protocol.js'
import {
  escrowAddress,
  group,
  wallet,
  withFee,
  type ChainParams,
  type Market,
  type UnsignedGroup,
} from './group.js'

export interface CreateNftInput extends NftDescription {
  readonly creator: string
  readonly params: ChainParams
}

/** [0] acfg: the NFT (total 1, decimals 0, manager = reserve = creator, no freeze, no clawback). */
export function buildCreateNft(input: CreateNftInput): UnsignedGroup {
  const txn = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
    sender: input.creator,
    total: 1n,
    decimals: 0,
    defaultFrozen: false,
    unitName: input.unitName,
    assetName: input.assetName,
    assetURL: input.url,
    assetMetadataHash: nftMetadataHash(input.guid),
    manager: input.creator,
    reserve: input.creator,
    note: arc69Note(input),
    suggestedParams: withFee(input.params, 1),
  })
  return group([txn], [wallet(input.creator)])
}

export interface DeployInput {
  readonly creator: string
  readonly proxyId: number
  readonly usdcId: bigint
  readonly nftId: bigint
  readonly params: ChainParams
}

/**
 * [0] pay creator -> proxy, PROXY_FUNDING, fee 2x (it pays the proxy's fee too)
 * [1] appl create from the proxy (signed by the proxy logic sig), fee 0, args [USDC id, NFT id]
 */
export function buildDeploy(input: DeployInput): UnsignedGroup {
  const proxy = new algosdk.LogicSigAccount(proxyProgram(input.proxyId).bytes).address().toString()
  const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: input.creator,
    receiver: proxy,
    amount: PROXY_FUNDING,
    suggestedParams: withFee(input.params, 2),
  })
  const create = algosdk.makeApplicationCreateTxnFromObject({
    sender: proxy,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    approvalProgram: managerProgram().bytes,
    clearProgram: clearProgram().bytes,
    numGlobalInts: MANAGER_SCHEMA.globalInts,
    numGlobalByteSlices: MANAGER_SCHEMA.globalBytes,
    numLocalInts: MANAGER_SCHEMA.localInts,
    numLocalByteSlices: MANAGER_SCHEMA.localBytes,
    appArgs: [algosdk.encodeUint64(input.usdcId), algosdk.encodeUint64(input.nftId)],
    foreignAssets: [input.usdcId, input.nftId],
    suggestedParams: withFee(input.params, 0),
  })
  return group([pay, create], [wallet(input.creator), { kind: 'proxy', proxyId: input.proxyId }])
}

/** The proxy address of a proxy id. */
export function proxyAddress(proxyId: number): string {
  return new algosdk.LogicSigAccount(proxyProgram(proxyId).bytes).address().toString()
}

/** Signs a transaction the builders marked `{kind: 'proxy'}`. */
export function signWithProxy(txn: algosdk.Transaction, proxyId: number): Uint8Array {
  const lsig = new algosdk.LogicSigAccount(proxyProgram(proxyId).bytes)
  return algosdk.signLogicSigTransactionObject(txn, lsig).blob
}

export interface ConfigureInput extends Market {
  readonly creator: string
  readonly params: ChainParams
}

/**
 * [0] pay creator -> escrow, ESCROW_FUNDING, fee 1x
 * [1] appl C, fee 3x (itself and the escrow's two opt-ins)
 */
export function buildConfigure(input: ConfigureInput): UnsignedGroup {
  const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: input.creator,
    receiver: escrowAddress(input.appId),
    amount: ESCROW_FUNDING,
    suggestedParams: withFee(input.params, 1),
  })
  const call = algosdk.makeApplicationNoOpTxnFromObject({
    sender: input.creator,
    appIndex: input.appId,
    appArgs: [arg(CONFIGURE_ARG)],
    foreignAssets: [input.nftId, input.usdcId],
    suggestedParams: withFee(input.params, 3),
  })
  return group([pay, call], [wallet(input.creator), wallet(input.creator)])
}
