/**
 * "Creator royalty: X%" and its recipients on the details page (docs/product.md §3), only for an
 * asset whose sales pay one: a v1 asset (no royalty) or a 0% royalty shows nothing. And the split
 * of one sale, for the dialogs that sell.
 */
import type { Asset } from '@unica/schemas'
import { AddressLink } from './address-link.js'
import { royaltySplit } from '@unica/contracts'
import { formatUnits } from '../lib/format.js'
import { chainRoyalty, paidRoyalty, percentOf } from '../lib/royalty.js'

export function RoyaltyFacts({
  asset,
  className = '',
}: {
  asset: Pick<Asset, 'royalty'>
  /** Placement from the page (its order on a phone). */
  className?: string
}) {
  const royalty = paidRoyalty(asset)
  if (royalty === null) return null
  return (
    <section aria-label="Creator royalty" className={`flex flex-col gap-1 text-sm ${className}`}>
      <p>
        <span className="font-medium">Creator royalty: {percentOf(royalty.basis_points)}</span>{' '}
        <span className="text-slate-600">of every resale, paid by the contract</span>
      </p>
      <ul className="flex flex-col gap-1">
        {royalty.recipients.map((r) => (
          <li key={r.address} className="flex flex-wrap items-baseline gap-2">
            <AddressLink address={r.address} />
            <span className="text-slate-600">{percentOf(r.share)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * Who the royalty of a sale at `price` pays, and how much (the contract's floor per recipient):
 * the Set price and Sell now dialogs show it under what the seller receives. Nothing when no
 * royalty is taken (none set, or the creator sells).
 */
export function RoyaltySplit({
  asset,
  seller,
  price,
  usdcDecimals,
}: {
  asset: Pick<Asset, 'royalty' | 'creator_address'>
  seller: string
  price: bigint
  usdcDecimals: number
}) {
  const royalty = paidRoyalty(asset)
  if (royalty === null || seller === asset.creator_address) return null
  const { cuts } = royaltySplit(price, chainRoyalty(royalty), false)
  return (
    <section aria-label="Royalty split" className="flex flex-col gap-1 text-sm">
      <p className="text-slate-600">The royalty goes to:</p>
      <ul className="flex flex-col gap-1">
        {royalty.recipients.map((r, i) => (
          <li key={r.address} className="flex flex-wrap items-baseline gap-2">
            <AddressLink address={r.address} />
            <span className="text-slate-600">{percentOf(r.share)}</span>
            <span>{formatUnits(cuts[i], usdcDecimals)} USDC</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
