/**
 * Asset card (docs/product.md §2): image or placeholder, name, Price, Highest bid, optionally My
 * Bid; 'Show my NFT' for its owner, else 'Place a bid'. It leads to the details when the asset is
 * ready (RD), otherwise to the deploy screen. The heart and an auction's countdown are features'
 * (personal, auction): they come through the card's slots (asset-card-slots.ts).
 */
import type { Asset } from '@unica/schemas'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatUnits } from '../lib/format.js'
import { paths } from '../routing/paths.js'
import { useServices } from '../state/services.js'
import { useStore } from '../state/store.js'
import { useAssetCardSlots } from './asset-card-slots.js'

export function assetHref(asset: Pick<Asset, 'guid' | 'status'>): string {
  return asset.status === 'RD' ? paths.asset(asset.guid) : paths.deployContract(asset.guid)
}

export function Usdc({ value }: { value: string | bigint | null | undefined }) {
  const { config } = useServices()
  if (value === null || value === undefined || BigInt(value) === 0n) return <>—</>
  return <>{formatUnits(BigInt(value), config.usdcDecimals)} USDC</>
}

/**
 * One figure in USDC of a definition list: its label, then the amount (a dash when none); what
 * follows the amount (a note on it) comes as children.
 */
export function UsdcFact({
  label,
  value,
  alignRight = false,
  children,
}: {
  label: ReactNode
  value: string | bigint | null | undefined
  alignRight?: boolean
  children?: ReactNode
}) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className={alignRight ? 'text-right' : undefined}>
        <Usdc value={value} />
        {children}
      </dd>
    </>
  )
}

export function AssetImage({ asset, large = false }: { asset: Asset; large?: boolean }) {
  const src = large ? asset.image : (asset.thumbnail ?? asset.image)
  if (src === null) {
    return (
      <div
        role="img"
        aria-label={`${asset.name}: no image`}
        className="flex aspect-square w-full items-center justify-center bg-slate-100 text-slate-400"
      >
        No image
      </div>
    )
  }
  return <img src={src} alt={asset.name} className="aspect-square w-full object-cover" />
}

export function AssetCard({ asset, myBid }: { asset: Asset; myBid?: bigint }) {
  const { store } = useServices()
  const address = useStore(store, (s) => s.address)
  const mine = address !== null && asset.owner_address === address
  const slots = useAssetCardSlots()
  const href = assetHref(asset)
  // The API's field as it is (auction/auction.ts's auctionOf): null when no auction runs.
  const auction = asset.auction ?? null
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 shadow-sm">
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <AssetImage asset={asset} />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <div className="flex items-center justify-between gap-2">
          <h3 className="truncate font-semibold">
            <Link to={href}>{asset.name}</Link>
          </h3>
          {slots.watch?.(asset)}
        </div>
        {auction !== null && slots.auctionClock?.(auction)}
        <dl className="grid grid-cols-2 gap-x-2 text-sm">
          {auction === null ? (
            <>
              <UsdcFact label="Price" value={asset.price} alignRight />
              <UsdcFact label="Highest bid" value={asset.highest_bid?.value} alignRight />
            </>
          ) : (
            <>
              <UsdcFact label="Reserve" value={auction.reserve} alignRight />
              <UsdcFact label="Auction bid" value={auction.highest_bid} alignRight />
            </>
          )}
          {myBid !== undefined && <UsdcFact label="My Bid" value={myBid} alignRight />}
        </dl>
        <Link
          to={href}
          className="mt-3 rounded-md border border-indigo-600 px-3 py-1.5 text-center text-sm font-medium text-indigo-700 hover:bg-indigo-50"
        >
          {mine ? 'Show my NFT' : auction !== null ? 'Bid in auction' : 'Place a bid'}
        </Link>
      </div>
    </article>
  )
}

export function AssetGrid({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
      {children}
    </div>
  )
}
