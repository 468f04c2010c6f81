/**
 * Audit fix 3 on the screens (docs/product.md §3): whether the listing and the bids can be filled,
 * read from the holders' opt-ins on algod (`bidFillability`, `listingFillability` of
 * @unica/contracts), and the highest bid a sell now can fill. Cached with TanStack Query; the key
 * holds what the answer depends on, so a new listing or bid reads again.
 */
import { bidFillability, listingFillability, type Fillability } from '@unica/contracts'
import type { Asset } from '@unica/schemas'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ChainSession } from '../common/chain/session.js'
import { useServices, type Services } from '../common/state/services.js'

type Reader = Pick<ChainSession, 'optedInToAsset' | 'readBids'>

export interface MarketFillability {
  /** The listing's, or null when not listed (or the owner is not known). */
  readonly listing: Fillability | null
  /** The highest bid's, or null without bids. */
  readonly highestBid: Fillability | null
  /** The highest bid a sell now can fill: the highest bid itself when it is fillable. */
  readonly bestFillable: { readonly sender: string; readonly bid: bigint } | null
}

/** What the answer depends on. */
type FillabilityInput =
  'guid' | 'asset_id' | 'application_id' | 'price' | 'owner_address' | 'highest_bid'

/** A query key for no asset (the query is then disabled). */
const PLACEHOLDER: Pick<Asset, FillabilityInput> = {
  guid: '',
  asset_id: '0',
  application_id: null,
  price: null,
  owner_address: null,
  highest_bid: null,
}

export async function readFillability(
  chain: Reader,
  asset: Pick<Asset, FillabilityInput>,
  usdcId: bigint,
): Promise<MarketFillability> {
  const nftId = BigInt(asset.asset_id)
  const listed = asset.price !== null && BigInt(asset.price) > 0n && asset.owner_address !== null
  const hb = asset.highest_bid
  const [ownerIn, bidderIn] = await Promise.all([
    listed ? chain.optedInToAsset(asset.owner_address!, usdcId) : null,
    hb === null ? null : chain.optedInToAsset(hb.sender, nftId),
  ])
  const listing = ownerIn === null ? null : listingFillability({ ownerOptedInToUsdc: ownerIn })
  const highestBid = bidderIn === null ? null : bidFillability({ bidderOptedInToNft: bidderIn })
  if (hb === null || highestBid === null) return { listing, highestBid, bestFillable: null }
  if (highestBid.fillable) {
    return { listing, highestBid, bestFillable: { sender: hb.sender, bid: BigInt(hb.value) } }
  }
  // Past the unfillable highest bid: the others, highest first, until one can be filled.
  const appId = BigInt(asset.application_id ?? '0')
  for (const b of await chain.readBids(appId)) {
    if (b.bidder === hb.sender) continue
    if (await chain.optedInToAsset(b.bidder, nftId)) {
      return { listing, highestBid, bestFillable: { sender: b.bidder, bid: b.bid } }
    }
  }
  return { listing, highestBid, bestFillable: null }
}

export function fillabilityQuery(services: Services, asset: Pick<Asset, FillabilityInput>) {
  const hb = asset.highest_bid
  return queryOptions({
    queryKey: [
      'fillability',
      asset.guid,
      asset.price,
      asset.owner_address,
      hb?.sender ?? null,
      hb?.value ?? null,
    ] as const,
    queryFn: async () => readFillability(await services.chain(), asset, services.config.usdcId),
    enabled: asset.application_id !== null,
    retry: false,
  })
}

/** The asset's fillability once it is known; null while loading, on failure, or without an asset. */
export function useFillability(asset: Asset | undefined): MarketFillability | null {
  const services = useServices()
  const q = useQuery({
    ...fillabilityQuery(services, asset ?? PLACEHOLDER),
    enabled: asset !== undefined && asset.application_id !== null,
  })
  return q.data ?? null
}
