/**
 * The auction on the details page (docs/product.md §2, "Auctions"): the countdown, the reserve,
 * the highest bid and its bidder, the minimum next bid and the minimum raise; the actions the
 * viewer may take now (Bid in auction, Cancel auction before the first bid, Settle after the end
 * for anyone); and the auction's bids, newest first, with the end each late bid moved.
 */
import type { Operation } from '@unica/schemas'
import { Usdc, UsdcFact } from '../common/components/asset-card.js'
import { ActionButtons } from '../common/components/action-buttons.js'
import { AddressLink } from '../common/components/address-link.js'
import { formatUnits, formatWhen } from '../common/lib/format.js'
import { percentOf } from '../common/lib/royalty.js'
import { useServices } from '../common/state/services.js'
import { durationText, type AuctionPhase, type AuctionView } from './auction.js'
import { auctionBids } from './bids.js'
import { Countdown, useAuctionPhase } from './countdown.js'

export type AuctionAction =
  'start-auction' | 'auction-bid' | 'cancel-auction' | 'settle' | 'withdraw'

/** What the viewer may do with the auction now; `why` explains a missing action. */
function auctionActions(
  phase: AuctionPhase,
  viewer: { readonly isSeller: boolean; readonly hidden?: boolean },
): { actions: { kind: AuctionAction; label: string }[]; why: string | null } {
  if (phase.kind === 'ended') {
    // Anyone settles, in case the worker is down: it pays the seller and delivers the piece.
    return { actions: [{ kind: 'settle', label: 'Settle' }], why: null }
  }
  if (viewer.isSeller) {
    return phase.kind === 'no-bids'
      ? { actions: [{ kind: 'cancel-auction', label: 'Cancel auction' }], why: null }
      : { actions: [], why: 'An auction cannot be cancelled after its first bid.' }
  }
  // A hidden piece (docs/product.md §13) takes no new bid; settling and cancelling get funds out.
  if (viewer.hidden === true) {
    return { actions: [], why: 'This piece was hidden: it takes no new bids.' }
  }
  return { actions: [{ kind: 'auction-bid', label: 'Bid in auction' }], why: null }
}

function raiseText(a: AuctionView, decimals: number): string {
  const parts = [
    a.raise_bp > 0 ? percentOf(a.raise_bp) : null,
    BigInt(a.raise_min) > 0n ? `${formatUnits(BigInt(a.raise_min), decimals)} USDC` : null,
  ].filter((p) => p !== null)
  return parts.length === 2 ? `${parts.join(' or ')}, whichever is more` : (parts[0] ?? '—')
}

function AuctionBids({ operations }: { operations: readonly Operation[] }) {
  const bids = auctionBids(operations)
  if (bids.length === 0) return <p className="text-sm text-slate-600">No bids yet.</p>
  return (
    <ol className="flex flex-col divide-y divide-slate-200 text-sm">
      {bids.map((b) => (
        <li
          key={b.key}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
        >
          <span className="flex flex-wrap items-baseline gap-2">
            <span className="font-medium">
              <Usdc value={b.amount} />
            </span>
            <AddressLink address={b.bidder} />
          </span>
          <span className="text-slate-600">
            {b.pending ? 'Pending' : formatWhen(b.when)}
            {b.endNote !== null && (
              <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-amber-900">
                {b.endNote === 'started' ? 'Clock started' : 'Extended'}
                {b.end !== null && `: ends ${formatWhen(b.end)}`}
              </span>
            )}
          </span>
        </li>
      ))}
    </ol>
  )
}

export function AuctionPanel({
  auction,
  operations,
  isSeller,
  hidden = false,
  onAction,
}: {
  auction: AuctionView
  /** The asset's operations, newest first (the API's order), or null while they load. */
  operations: readonly Operation[] | null
  isSeller: boolean
  /** Staff hid the piece: no Bid in auction. */
  hidden?: boolean
  onAction: (kind: AuctionAction) => void
}) {
  const { config } = useServices()
  const decimals = config.usdcDecimals
  const phase = useAuctionPhase(auction)
  const { actions, why } = auctionActions(phase, { isSeller, hidden })
  const hasBid = auction.highest_bid !== null && BigInt(auction.highest_bid) > 0n
  const minNext = BigInt(auction.min_next_bid)
  // Past 2^64 - 1 no further bid is possible (the chain refuses an overflowing sum).
  const biddable = minNext < 2n ** 64n
  return (
    <section
      aria-labelledby="auction-heading"
      className="flex flex-col gap-3 rounded-lg border border-indigo-200 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="auction-heading" className="text-xl font-bold">
          Auction
        </h2>
        <Countdown auction={auction} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:max-w-md">
        <UsdcFact label="Reserve" value={auction.reserve} />
        <dt className="text-slate-500">Highest bid</dt>
        <dd>
          {hasBid ? (
            <span className="flex flex-wrap items-baseline gap-2">
              <Usdc value={auction.highest_bid} />
              {auction.highest_bidder !== null && <AddressLink address={auction.highest_bidder} />}
            </span>
          ) : (
            'No bids yet'
          )}
        </dd>
        {phase.kind !== 'ended' && (
          <>
            <dt className="text-slate-500">Minimum next bid</dt>
            <dd>{biddable ? <Usdc value={minNext} /> : 'No higher bid is possible'}</dd>
          </>
        )}
        <dt className="text-slate-500">Minimum raise</dt>
        <dd>{raiseText(auction, decimals)}</dd>
        <dt className="text-slate-500">{phase.kind === 'no-bids' ? 'Duration' : 'Ends'}</dt>
        <dd>
          {phase.kind === 'no-bids'
            ? `${durationText(auction.duration)} from the first bid`
            : formatWhen(phase.end.toISOString())}
        </dd>
      </dl>
      {phase.kind === 'running' && (
        <p className="text-xs text-slate-600">
          A bid in the last 15 minutes moves the end to 15 minutes after it.
        </p>
      )}
      {(actions.length > 0 || why !== null) && (
        <div className="flex flex-wrap items-center gap-3">
          <ActionButtons
            actions={actions}
            blocked={(kind) => (kind === 'auction-bid' && !biddable ? true : null)}
            onAction={onAction}
          />
          {why !== null && <p className="text-sm text-slate-600">{why}</p>}
        </div>
      )}
      <h3 className="mt-2 font-semibold">Auction bids</h3>
      {operations === null ? (
        <p className="text-sm text-slate-600">Loading the bids…</p>
      ) : (
        <AuctionBids operations={operations} />
      )}
    </section>
  )
}
