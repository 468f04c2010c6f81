/** My NFTs, My bids (wallet-gated) and Created NFTs (staff only), with their empty states. */
import { useQuery } from '@tanstack/react-query'
import { AssetCard, AssetGrid } from '../common/components/asset-card.js'
import { Spinner } from '../common/components/modal.js'
import { assetsQuery } from '../common/lib/endpoints.js'
import { MESSAGES } from '../common/lib/errors.js'
import { useServices } from '../common/state/services.js'
import { useStore } from '../common/state/store.js'
import { AssetListView } from './asset-list.js'

export function MyNftsPage() {
  const { store } = useServices()
  const address = useStore(store, (s) => s.address)
  if (address === null) return null
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold">My NFTs</h1>
      <AssetListView
        filters={{ status: 'RD', owner_address: address, ordering: '-created_at' }}
        empty="You have no NFTs!"
      />
    </section>
  )
}

/** The most auctions one account can lead that My Bids reads (one page of the API). */
const LED_AUCTIONS = '100'

export function MyBidsPage() {
  const { store, api } = useServices()
  const account = useStore(store, (s) => s.account)
  const address = useStore(store, (s) => s.address)
  // Auctions this account leads: the auction's contract holds that bid (manager v3), so it is not
  // in the account's local state as a trade bid is.
  const led = useQuery({
    ...assetsQuery(api, { status: 'RD', auction_bidder: address ?? '', limit: LED_AUCTIONS }),
    enabled: address !== null,
  })
  // Apps where the account's local B (its bid) is positive, and the auctions it leads.
  const bids = new Map(
    [...(account?.apps ?? new Map<string, bigint>())].filter(([, bid]) => bid > 0n),
  )
  for (const a of led.data?.results ?? []) {
    const bid = a.auction?.highest_bid
    if (a.application_id !== null && bid !== undefined && bid !== null) {
      bids.set(a.application_id, BigInt(bid))
    }
  }
  let body
  if (led.isError) body = <p role="alert">{MESSAGES.apiGet}</p>
  else if (account === null || led.isPending) body = <Spinner />
  else if (bids.size === 0) body = <p>You have no bids!</p>
  else {
    body = (
      <AssetListView
        filters={{ status: 'RD', application_id__in: [...bids.keys()] }}
        empty="You have no bids!"
        card={(a) => (
          <AssetCard key={a.guid} asset={a} myBid={bids.get(a.application_id ?? '') ?? 0n} />
        )}
      />
    )
  }
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold">My Bids</h1>
      {body}
    </section>
  )
}

export function CreatedNftsPage() {
  const { store, api } = useServices()
  const address = useStore(store, (s) => s.address)
  const q = useQuery({
    ...assetsQuery(api, { creator_address: address ?? '', ordering: '-created_at', limit: '100' }),
    enabled: address !== null,
  })
  let body
  if (q.isPending) body = <Spinner />
  else if (q.isError) body = <p role="alert">{MESSAGES.apiGet}</p>
  else if (q.data.results.length === 0) body = <p>You have not created any NFT!</p>
  else {
    const pending = q.data.results.filter((a) => a.status !== 'RD')
    const ready = q.data.results.filter((a) => a.status === 'RD')
    const grid = (list: typeof pending) => (
      <AssetGrid>
        {list.map((a) => (
          <AssetCard key={a.guid} asset={a} />
        ))}
      </AssetGrid>
    )
    body =
      pending.length > 0 && ready.length > 0 ? (
        <>
          <h2 className="mb-4 text-2xl font-bold">Pending</h2>
          {grid(pending)}
          <h2 className="mt-10 mb-4 text-2xl font-bold">Ready To Use</h2>
          {grid(ready)}
        </>
      ) : (
        grid(q.data.results)
      )
  }
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold">Created NFTs</h1>
      {body}
    </section>
  )
}
