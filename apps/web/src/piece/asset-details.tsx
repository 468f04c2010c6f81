/**
 * Asset details (docs/product.md §2): image, name, description, share/copy link, full-size image
 * link, breadcrumbs, owner, role-dependent trade buttons (§6) and the transaction history. A failed
 * fetch or a missing asset sends the user back; a non-ready asset sends staff to the deploy screen
 * and everyone else back.
 */
import { useQuery } from '@tanstack/react-query'
import type { Fillability } from '@unica/contracts'
import { Suspense, lazy, useEffect, useId, useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { AssetImage, UsdcFact } from '../common/components/asset-card.js'
import { ActionButtons } from '../common/components/action-buttons.js'
import { Spinner, secondaryButtonClass } from '../common/components/modal.js'
import { RoyaltyFacts } from '../common/components/royalty-facts.js'
import { TransactionTable } from './transaction-table.js'
import { assetAmount } from '../common/chain/account.js'
import { AddressLink } from '../common/components/address-link.js'
import { safeHref } from '../common/lib/links.js'
import { WatchButton } from '../personal/watch-button.js'
import { assetQuery, operationsQuery } from '../common/lib/endpoints.js'
import { ApiError, MESSAGES } from '../common/lib/errors.js'
import { Loaded } from '../common/components/loaded.js'
import { useServices } from '../common/state/services.js'
import { useStore } from '../common/state/store.js'
import { tradeButtons, type TradeKind } from '../trade/buttons.js'
import { useFillability } from '../trade/fillability.js'
import { TradeModal } from '../trade/trade-modal.js'
import { auctionOf } from '../auction/auction.js'
import { AuctionModal } from '../auction/auction-modal.js'
import { AuctionPanel, type AuctionAction } from '../auction/auction-panel.js'
import { HeldRefund } from '../auction/held-refund.js'
import { AUCTION_BLOCKS_TRADES } from '../trade/buttons.js'
import { useBack } from '../common/routing/guards.js'
import { LISTS } from '../discovery/lists.js'
import { paths } from '../common/routing/paths.js'

// Discovery's price history (docs/product.md §11) loads on its own, after the details.
const PriceHistory = lazy(() =>
  import('../discovery/price-history.js').then((m) => ({ default: m.PriceHistory })),
)

function ShareButton() {
  const [copied, setCopied] = useState(false)
  async function share() {
    const url = window.location.href
    try {
      if (typeof navigator.share === 'function') await navigator.share({ url })
      else {
        await navigator.clipboard.writeText(url)
        setCopied(true)
      }
    } catch {
      // The user closed the share sheet, or the clipboard is unavailable: nothing to report.
    }
  }
  return (
    <button type="button" className={secondaryButtonClass} onClick={() => void share()}>
      {copied ? 'Link copied' : 'Share'}
    </button>
  )
}

/**
 * A piece staff hid (issue 19): it is in no list or search, but its contract is untouched, so
 * its owner and bidders can still act here and, without our server, on /rescue.
 */
function HiddenNotice({ reason }: { reason: string }) {
  return (
    <div
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900"
    >
      <p className="font-semibold break-words">
        This piece was hidden by the marketplace: {reason}
      </p>
      <p className="text-sm">
        It no longer appears in lists or search and takes no new trades. Its contract is untouched:
        owners and bidders can still get their funds out (cancel a bid, delist, settle or cancel an
        auction, withdraw), here or on{' '}
        <Link to={paths.rescue} className="underline">
          Rescue your funds
        </Link>
        .
      </p>
    </div>
  )
}

/** "Not fillable" and why, under a price or bid the chain would refuse to fill. */
function NotFillable({ fillability }: { fillability: Fillability | null | undefined }) {
  if (fillability == null || fillability.fillable) return null
  return (
    <span className="mt-1 block text-sm">
      <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">
        Not fillable
      </span>{' '}
      <span className="text-slate-600">{fillability.why}</span>
    </span>
  )
}

export function AssetDetailsPage() {
  const services = useServices()
  const { api, store } = services
  const { id = '' } = useParams()
  const [search, setSearch] = useSearchParams()
  const navigate = useNavigate()
  const back = useBack()
  const address = useStore(store, (s) => s.address)
  const account = useStore(store, (s) => s.account)
  const user = useStore(store, (s) => s.user)
  const asset = useQuery(assetQuery(api, id))
  const operations = useQuery(operationsQuery(api, id))
  const [modal, setModal] = useState<TradeKind | null>(null)
  const [auctionModal, setAuctionModal] = useState<AuctionAction | null>(null)
  const buyWhyId = useId()

  const data = asset.data
  // Audit fix 3: a listing or bid the chain can never fill says so (read from algod, cached).
  const fill = useFillability(data)
  useEffect(() => {
    if (asset.isError) {
      const e = asset.error
      if (!(e instanceof ApiError && e.status === 404)) {
        store.set({ alert: { kind: 'error', text: MESSAGES.apiGet } })
      }
      back()
    } else if (data !== undefined && data.status !== 'RD') {
      if (user?.isStaff === true) void navigate(paths.deployContract(data.guid), { replace: true })
      else if (user !== null || address === null) back()
    }
  })

  // ?action=buy-now|bid (from the featured item) opens that modal once.
  useEffect(() => {
    const action = search.get('action')
    if (data === undefined || (action !== 'buy-now' && action !== 'bid')) return
    setSearch({}, { replace: true })
    // A hidden piece takes no new trade (docs/product.md §13), whatever the link asks.
    if (data.hidden != null) return
    if (address === null) store.set({ modal: 'select-wallet' })
    else setModal(action)
  }, [data, search, setSearch, address, store])

  if (data === undefined) return <Spinner />
  if (data.status !== 'RD') return null

  const ask = data.price === null ? 0n : BigInt(data.price)
  const highestBid = data.highest_bid === null ? 0n : BigInt(data.highest_bid.value)
  const appKey = data.application_id ?? ''
  const myBid = account?.apps.get(appKey) ?? 0n
  const isOwner =
    address !== null &&
    (data.owner_address === address ||
      (account !== null && assetAmount(account, BigInt(data.asset_id)) > 0n))
  const auction = auctionOf(data)
  // A hidden piece (docs/product.md §13) offers only what gets funds out, and is in no list.
  const hidden = data.hidden != null
  const buttons = tradeButtons({
    isOwner,
    ask,
    highestBid,
    myBid,
    auction: auction !== null,
    hidden,
  })
  // Manager v3 auctions: the owner of a piece not in an auction (and not hidden) may start one.
  const canStartAuction =
    isOwner &&
    !hidden &&
    auction === null &&
    data.contract_version >= 3 &&
    data.application_id !== null
  const crumb = ask > 0n ? LISTS.forSale : highestBid > 0n ? LISTS.highestBids : LISTS.recent

  const buyBlocked = fill?.listing?.fillable === false ? fill.listing.why : null

  const open = (kind: TradeKind) => {
    if (address === null) store.set({ modal: 'select-wallet' })
    else setModal(kind)
  }
  const openAuction = (kind: AuctionAction) => {
    if (address === null) store.set({ modal: 'select-wallet' })
    else setAuctionModal(kind)
  }

  return (
    <article className="flex flex-col gap-10">
      {!hidden && (
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <ol className="flex flex-wrap gap-2">
            <li>
              <Link to={paths.allItems}>All items</Link>
            </li>
            <li aria-hidden="true">&gt;</li>
            <li>
              <Link to={crumb.path}>{crumb.title}</Link>
            </li>
          </ol>
        </nav>
      )}
      {/* On a phone the column's parts flow into one list (display: contents): the name, price,
          royalty and actions, then the image, then the description (order-2, no controls), so a
          buyer sees the price and acts without scrolling past the picture, and the keyboard
          meets the controls in the order they show. From md up, the image on the left and the
          column on the right, as before (placed on the grid: the column comes first in the DOM). */}
      <div className="flex flex-col gap-4 md:grid md:grid-cols-2 md:gap-8">
        <div className="contents md:col-start-2 md:row-start-1 md:flex md:flex-col md:gap-4">
          <div className="flex items-start justify-between gap-4">
            <div className="flex items-start justify-between gap-2">
              <h1 className="text-3xl font-bold break-words">{data.name}</h1>
              <WatchButton guid={data.guid} name={data.name} />
            </div>
            <ShareButton />
          </div>
          {data.hidden != null && <HiddenNotice reason={data.hidden.reason} />}
          <p className="order-2 whitespace-pre-line text-slate-700 md:order-none">
            {data.description}
          </p>
          <dl className="grid max-w-sm grid-cols-2 gap-2">
            <dt className="text-slate-500">Owner</dt>
            <dd>
              {data.owner_address === null ? (
                'Information not available'
              ) : (
                <AddressLink address={data.owner_address} />
              )}
            </dd>
            <dt className="text-slate-500">Creator</dt>
            <dd>
              <AddressLink address={data.creator_address} page="creator" />
            </dd>
            <UsdcFact label="Price" value={ask}>
              <NotFillable fillability={ask > 0n ? fill?.listing : null} />
            </UsdcFact>
            {/* During an auction the open offers are apart from its bids: named so. */}
            <UsdcFact label={auction !== null ? 'Highest offer' : 'Highest bid'} value={highestBid}>
              <NotFillable fillability={highestBid > 0n ? fill?.highestBid : null} />
            </UsdcFact>
            {fill?.highestBid?.fillable === false && fill.bestFillable !== null && (
              <UsdcFact label="Highest fillable bid" value={fill.bestFillable.bid} />
            )}
            {myBid > 0n && <UsdcFact label="My Bid" value={myBid} />}
          </dl>
          <RoyaltyFacts asset={data} />
          {auction !== null && (
            <AuctionPanel
              auction={auction}
              operations={operations.data?.results ?? null}
              isSeller={address !== null && data.owner_address === address}
              hidden={hidden}
              onAction={openAuction}
            />
          )}
          {data.contract_version >= 3 && data.application_id !== null && address !== null && (
            <HeldRefund
              appId={data.application_id}
              address={address}
              // Reread when the auction moves: an outbid or a settlement may have left USDC held.
              revision={`${auction?.highest_bid ?? ''}:${data.owner_address ?? ''}`}
              onWithdraw={() => {
                openAuction('withdraw')
              }}
            />
          )}
          {auction !== null && <p className="text-sm text-slate-600">{AUCTION_BLOCKS_TRADES}</p>}
          <div className="flex flex-wrap gap-3">
            <ActionButtons
              actions={buttons}
              blocked={(kind) => (kind === 'buy-now' && buyBlocked !== null ? buyWhyId : null)}
              onAction={open}
            />
            {canStartAuction && (
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => {
                  openAuction('start-auction')
                }}
              >
                Start auction
              </button>
            )}
          </div>
          {buyBlocked !== null && buttons.some((b) => b.kind === 'buy-now') && (
            <p id={buyWhyId} className="text-sm text-amber-800">
              Buy now is unavailable: {buyBlocked}
            </p>
          )}
        </div>
        <div className="order-1 flex flex-col gap-2 md:order-none md:col-start-1 md:row-start-1">
          <AssetImage asset={data} large />
          {safeHref(data.image) !== undefined && (
            <a
              href={safeHref(data.image)}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm underline"
            >
              View full-size image
            </a>
          )}
        </div>
      </div>
      <Suspense fallback={<Spinner label="Loading the price history" />}>
        <PriceHistory guid={data.guid} />
      </Suspense>
      <section>
        <h2 className="mb-4 text-2xl font-bold">Transaction history</h2>
        <Loaded query={operations}>
          {(ops) => <TransactionTable operations={ops.results} asset={data} />}
        </Loaded>
      </section>
      {auctionModal !== null && (
        <AuctionModal
          kind={auctionModal}
          asset={data}
          onClose={() => {
            setAuctionModal(null)
          }}
        />
      )}
      {modal !== null && (
        <TradeModal
          kind={modal}
          asset={data}
          onClose={() => {
            setModal(null)
          }}
        />
      )}
    </article>
  )
}
