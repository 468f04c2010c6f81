/**
 * "Creator royalty: X%" and its recipients on the details page (docs/product.md §3), only for an
 * asset whose sales pay one: a v1 asset (no royalty) or a 0% royalty shows nothing.
 */
import type { Asset } from '@unica/schemas'
import { AddressLink } from '../discovery/address-link.js'
import { paidRoyalty, percentOf } from '../lib/royalty.js'

export function RoyaltyFacts({ asset }: { asset: Pick<Asset, 'royalty'> }) {
  const royalty = paidRoyalty(asset)
  if (royalty === null) return null
  return (
    <section aria-label="Creator royalty" className="flex flex-col gap-1 text-sm">
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
