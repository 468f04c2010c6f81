/**
 * An asset's price history (docs/product.md §11): a chart of sales, asks, bids and auction reserves
 * over time, and a table of the same points for keyboard and screen-reader users. The chart's
 * library loads only when a history is shown (price-chart.tsx, its own chunk), so no other route
 * grows. The live stream refreshes it after each of the piece's trades (common/state/live-keys.ts).
 */
import { useQuery } from '@tanstack/react-query'
import { Component, Suspense, lazy, useState, type ReactNode } from 'react'
import type { PricePoint } from '@unica/schemas'
import { Usdc } from '../common/components/asset-card.js'
import { Spinner, secondaryButtonClass } from '../common/components/modal.js'
import { MESSAGES } from '../common/lib/errors.js'
import { formatWhen } from '../common/lib/format.js'
import { useServices } from '../common/state/services.js'
import { activityLabel } from './activity-words.js'
import { Parties } from './parties.js'
import { priceHistoryQuery } from './queries.js'

const PriceChart = lazy(() => import('./price-chart.js').then((m) => ({ default: m.PriceChart })))

/** A chart that fails to load (an old browser, a dropped chunk) leaves the table. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? (
      <p className="text-sm text-slate-600">
        The chart could not be drawn; the table shows it all.
      </p>
    ) : (
      this.props.children
    )
  }
}

function PriceTable({ points }: { points: readonly PricePoint[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Price history, oldest first</caption>
      <thead>
        <tr className="border-b border-slate-200">
          <th scope="col" className="py-2 pr-4">
            When
          </th>
          <th scope="col" className="py-2 pr-4">
            Event
          </th>
          <th scope="col" className="py-2 pr-4">
            Price
          </th>
          <th scope="col" className="hidden py-2 pr-4 sm:table-cell">
            Who
          </th>
        </tr>
      </thead>
      <tbody>
        {points.map((p, i) => (
          <tr key={`${p.round}-${String(i)}`} className="border-b border-slate-100">
            <td className="py-1 pr-4">{formatWhen(p.block_time)}</td>
            <td className="py-1 pr-4">
              {activityLabel({ type: p.type, op_type: p.op_type ?? '' })}
            </td>
            <td className="py-1 pr-4">
              <Usdc value={p.value} />
            </td>
            <td className="hidden py-1 pr-4 sm:table-cell">
              <Parties item={{ ...p, op_type: p.op_type ?? '' }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function PriceHistory({ guid }: { guid: string }) {
  const { api, config } = useServices()
  const history = useQuery(priceHistoryQuery(api, guid))
  const [view, setView] = useState<'chart' | 'table'>('chart')
  return (
    <section aria-labelledby="price-history-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="price-history-heading" className="text-2xl font-bold">
          Price history
        </h2>
        <div role="group" aria-label="Price history view" className="flex gap-2">
          <button
            type="button"
            aria-pressed={view === 'chart'}
            className={secondaryButtonClass}
            onClick={() => {
              setView('chart')
            }}
          >
            Chart
          </button>
          <button
            type="button"
            aria-pressed={view === 'table'}
            className={secondaryButtonClass}
            onClick={() => {
              setView('table')
            }}
          >
            Table
          </button>
        </div>
      </div>
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <p className="text-red-700">{MESSAGES.apiGet}</p>
      ) : history.data.points.length === 0 ? (
        <p>No sales, asks or bids yet.</p>
      ) : view === 'table' ? (
        <PriceTable points={history.data.points} />
      ) : (
        <>
          <ChartBoundary>
            <Suspense fallback={<Spinner label="Loading the chart" />}>
              <PriceChart points={history.data.points} decimals={config.usdcDecimals} />
            </Suspense>
          </ChartBoundary>
          <div className="sr-only">
            <PriceTable points={history.data.points} />
          </div>
        </>
      )}
    </section>
  )
}
