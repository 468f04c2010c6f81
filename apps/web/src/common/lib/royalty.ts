/**
 * Creator royalties on the screens (docs/product.md §3): the API's royalty (numbers, basis
 * points) as the contracts' (bigints), percentages from basis points, and what a seller receives.
 * The arithmetic is the contract's own (`royaltySplit` of @unica/contracts).
 */
import { royaltySplit, type Royalty as ChainRoyalty } from '@unica/contracts'
import type { Asset, Royalty } from '@unica/schemas'
import { formatUnits } from './format.js'

/** The API's royalty as the contracts' builders and arithmetic take it. */
export function chainRoyalty(r: Royalty): ChainRoyalty {
  return { recipients: r.recipients.map((x) => ({ address: x.address, share: BigInt(x.share) })) }
}

/** Basis points as a percentage: 250 gives "2.5%", 1500 gives "15%". */
export function percentOf(basisPoints: bigint | number): string {
  return `${formatUnits(BigInt(basisPoints), 2)}%`
}

/** The royalty an asset's sales pay, or null when they pay none (v1 app, or 0%). */
export function paidRoyalty(asset: Pick<Asset, 'royalty'>): Royalty | null {
  const r = asset.royalty
  return r !== null && r.basis_points > 0 && r.recipients.length > 0 ? r : null
}

export interface SellerNet {
  /** What the seller receives, in USDC base units. */
  readonly net: bigint
  /** The royalty's total in basis points (0 when none is paid). */
  readonly basisPoints: number
}

/**
 * What `seller` receives from a sale at `price` (docs/product.md §3): the price less each
 * recipient's floor(price × share / 10000), nothing taken when the seller is the creator.
 */
export function sellerNet(
  asset: Pick<Asset, 'royalty' | 'creator_address'>,
  seller: string,
  price: bigint,
): SellerNet {
  const r = paidRoyalty(asset)
  if (r === null || seller === asset.creator_address) return { net: price, basisPoints: 0 }
  return { net: royaltySplit(price, chainRoyalty(r), false).seller, basisPoints: r.basis_points }
}

/** The sentence the Set price and Sell now dialogs show before signing. */
export function youReceive(
  asset: Pick<Asset, 'royalty' | 'creator_address'>,
  seller: string,
  price: bigint,
  usdcDecimals: number,
): string {
  const { net, basisPoints } = sellerNet(asset, seller, price)
  const usdc = `${formatUnits(net, usdcDecimals)} USDC`
  if (basisPoints > 0) {
    return `You receive ${usdc} after the creator's royalty (${percentOf(basisPoints)}).`
  }
  if (paidRoyalty(asset) !== null) {
    return `You receive ${usdc}: no royalty is taken when the creator sells.`
  }
  return `You receive ${usdc}.`
}
