/** A public list screen (All items, For sale, Highest bids, Recent), page by page. */
import type { Asset } from '@unica/schemas'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { AssetCard, AssetGrid } from '../common/components/asset-card.js'
import { Spinner, secondaryButtonClass } from '../common/components/modal.js'
import { assetsQuery, type AssetFilters } from '../common/lib/endpoints.js'
import { MESSAGES } from '../common/lib/errors.js'
import { useServices } from '../common/state/services.js'
import { ClearFiltersButton, FilterBar, useUrlFilters } from './filter-bar.js'
import type { ListDef } from './lists.js'

const PAGE = 20

export function AssetListView({
  filters,
  empty,
  emptyAction,
  card = (a) => <AssetCard key={a.guid} asset={a} />,
}: {
  filters: AssetFilters
  empty: string
  /** Offered beside the empty message (e.g. to clear the filters). */
  emptyAction?: ReactNode
  card?: (asset: Asset) => ReactNode
}) {
  const { api } = useServices()
  const [offset, setOffset] = useState(0)
  const q = useQuery(assetsQuery(api, { ...filters, limit: String(PAGE), offset: String(offset) }))
  if (q.isPending) return <Spinner />
  if (q.isError) return <p role="alert">{MESSAGES.apiGet}</p>
  const page = q.data
  if (page.results.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p>{empty}</p>
        {emptyAction}
      </div>
    )
  }
  return (
    <>
      <AssetGrid>{page.results.map(card)}</AssetGrid>
      {(page.previous !== null || page.next !== null) && (
        <nav aria-label="Pages" className="mt-8 flex justify-center gap-4">
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={page.previous === null}
            onClick={() => {
              setOffset(Math.max(0, offset - PAGE))
            }}
          >
            Previous
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={page.next === null}
            onClick={() => {
              setOffset(offset + PAGE)
            }}
          >
            Next
          </button>
        </nav>
      )}
    </>
  )
}

/** A public list with discovery's filter bar; the URL's filters narrow the list's own. */
export function AssetListPage({ list }: { list: ListDef }) {
  const url = useUrlFilters()
  const filters = { ...list.filters, ...url.filters }
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold">{list.title}</h1>
      <FilterBar key={list.path} />
      <AssetListView
        key={`${list.path}?${JSON.stringify(filters)}`}
        filters={filters}
        empty={url.active ? 'No NFTs match these filters.' : 'There are no NFTs here yet.'}
        emptyAction={url.active ? <ClearFiltersButton /> : undefined}
      />
    </section>
  )
}
