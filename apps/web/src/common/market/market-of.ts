/**
 * The market an asset's trades are built for: its app, NFT and USDC, and the version the app runs
 * (docs/architecture.md §4.3: the builders pick the groups for the app's version), with a v2 app's creator
 * and royalty (the payouts a sale's group carries).
 */
import { CONTRACT_VERSIONS, type Market } from '@unica/contracts'
import type { Asset } from '@unica/schemas'
import { chainRoyalty } from '../lib/royalty.js'

export function marketOf(asset: Asset, appId: bigint, usdcId: bigint): Market {
  const base = { appId, nftId: BigInt(asset.asset_id), usdcId }
  const version = CONTRACT_VERSIONS.find((v) => v === asset.contract_version)
  if (version === undefined) {
    throw new RangeError(`contract version ${asset.contract_version.toString()} is not known`)
  }
  if (version === 1) return base
  const recipients = asset.royalty === null ? [] : chainRoyalty(asset.royalty).recipients
  return { ...base, version, royalty: { creator: asset.creator_address, recipients } }
}
