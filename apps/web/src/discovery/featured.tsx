/**
 * Featured (docs/product.md §2): the first for-sale item on top, then 'For sale' (7), 'Highest
 * bids' (3) and 'Recent' (3), each with a 'View all' card.
 */
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import {
  AssetCard,
  AssetGrid,
  AssetImage,
  UsdcFact,
  assetHref,
} from '../common/components/asset-card.js'
import { buttonClass, secondaryButtonClass } from '../common/components/modal.js'
import { assetsQuery } from '../common/lib/endpoints.js'
import { Loaded } from '../common/components/loaded.js'
import { useServices } from '../common/state/services.js'
import { useStore } from '../common/state/store.js'
import { FEATURED_SIZES, LISTS, type ListDef } from './lists.js'

function Section({
  list,
  size,
  empty,
}: {
  list: ListDef
  size: number
  /** Said instead of the grid when the list is empty (else the View all card stands alone). */
  empty?: string
}) {
  const { api } = useServices()
  const q = useQuery(assetsQuery(api, { ...list.filters, limit: String(size) }))
  return (
    <section className="mt-12">
      <h2 className="mb-4 text-2xl font-bold">{list.title}</h2>
      <Loaded query={q}>
        {(data) =>
          empty !== undefined && data.results.length === 0 ? (
            <p className="text-slate-600">{empty}</p>
          ) : (
            <AssetGrid>
              {data.results.map((a) => (
                <AssetCard key={a.guid} asset={a} />
              ))}
              <Link
                to={list.path}
                className="flex min-h-40 items-center justify-center rounded-lg border-2 border-dashed border-slate-300 font-semibold text-indigo-700 hover:bg-slate-50"
              >
                View all
              </Link>
            </AssetGrid>
          )
        }
      </Loaded>
    </section>
  )
}

function FeaturedItem() {
  const { api, store } = useServices()
  const address = useStore(store, (s) => s.address)
  const q = useQuery(
    assetsQuery(api, { ...LISTS.forSale.filters, limit: String(FEATURED_SIZES.forSale) }),
  )
  const item = q.data?.results[0]
  if (item === undefined) return null
  const isOwner = address !== null && item.owner_address === address
  const hasPrice = item.price !== null && BigInt(item.price) > 0n
  return (
    <section className="grid items-center gap-8 md:grid-cols-2" aria-label="Featured item">
      <Link to={assetHref(item)}>
        <AssetImage asset={item} large />
      </Link>
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">{item.name}</h1>
        <dl className="grid max-w-xs grid-cols-2 gap-2">
          <UsdcFact label="Price" value={item.price} />
          <UsdcFact label="Highest bid" value={item.highest_bid?.value} />
        </dl>
        <div className="flex gap-3">
          {hasPrice && !isOwner && (
            <Link className={buttonClass} to={`${assetHref(item)}?action=buy-now`}>
              Buy now
            </Link>
          )}
          {!isOwner && (
            <Link className={secondaryButtonClass} to={`${assetHref(item)}?action=bid`}>
              Place a bid
            </Link>
          )}
        </div>
      </div>
    </section>
  )
}

export function FeaturedPage() {
  return (
    <div>
      <FeaturedItem />
      <Section list={LISTS.forSale} size={FEATURED_SIZES.forSale} />
      <Section list={LISTS.highestBids} size={FEATURED_SIZES.highestBids} />
      <Section list={LISTS.recent} size={FEATURED_SIZES.recent} />
      {/* Ours (auctions): after the spec's three sections. */}
      <Section
        list={LISTS.endingSoon}
        size={FEATURED_SIZES.endingSoon}
        empty="No auctions are running."
      />
    </div>
  )
}
