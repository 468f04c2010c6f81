/** The home page's market figures (docs/product.md §11): latest sales, 24 h and 7 d volume. */
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Usdc } from '../common/components/asset-card.js'
import { MESSAGES } from '../common/lib/errors.js'
import { useServices } from '../common/state/services.js'
import { ActivityTable } from './activity-table.js'
import { Figure } from './figure.js'
import { discoveryPaths } from '../common/routing/discovery-paths.js'
import { marketStatsQuery } from './queries.js'

export function MarketSummary() {
  const { api } = useServices()
  const stats = useQuery(marketStatsQuery(api))
  return (
    <section aria-labelledby="market-heading" className="flex flex-col gap-4">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="market-heading" className="text-2xl font-bold">
          The market
        </h2>
        <Link to={discoveryPaths.activity} className="underline">
          All activity
        </Link>
      </div>
      {stats.isPending ? (
        // Not a live region: the page's own status messages stay the only ones.
        <p className="text-slate-500">Loading the market…</p>
      ) : stats.isError ? (
        <p className="text-red-700">{MESSAGES.apiGet}</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure label="Volume, 24 h">
              <Usdc value={stats.data.volume_24h} />
            </Figure>
            <Figure label="Sales, 24 h">{stats.data.sales_24h}</Figure>
            <Figure label="Volume, 7 days">
              <Usdc value={stats.data.volume_7d} />
            </Figure>
            <Figure label="Sales, 7 days">{stats.data.sales_7d}</Figure>
          </dl>
          <h3 className="text-lg font-semibold">Latest sales</h3>
          {stats.data.latest_sales.length === 0 ? (
            <p>No sales yet.</p>
          ) : (
            <ActivityTable items={stats.data.latest_sales} />
          )}
        </>
      )}
    </section>
  )
}
