/**
 * Staff flows: create the NFT, deploy its manager through a proxy, configure the escrow (the last
 * two from the description in ../market/v1.ts).
 */
import algosdk from 'algosdk'
import { buildVariant, type BuiltGroup } from '../market/build.js'
import { arc69Note, nftMetadataHash, type NftDescription } from '../nft.js'
import { proxyProgram } from '../programs/index.js'
import {
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
export function buildDeploy(input: DeployInput): BuiltGroup {
  return buildVariant('DEPLOY', 'deploy', {
    roles: { creator: input.creator },
    terms: { usdcId: input.usdcId, nftId: input.nftId },
    proxyId: input.proxyId,
    params: input.params,
  })
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
export function buildConfigure(input: ConfigureInput): BuiltGroup {
  return buildVariant('CONFIGURE', 'configure', {
    roles: { creator: input.creator },
    terms: { nftId: input.nftId, usdcId: input.usdcId },
    appId: input.appId,
    params: input.params,
  })
}
