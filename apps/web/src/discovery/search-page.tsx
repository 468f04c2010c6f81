/**
 * Search results (docs/product.md §11): `/search?q=…&page=N`, best match first, narrowed and
 * sorted by the filter bar (its state in the same URL, so a shared link shows the same results).
 */
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { SearchText } from '@unica/schemas'
import { AssetCard, AssetGrid } from '../common/components/asset-card.js'
import { Spinner, secondaryButtonClass } from '../common/components/modal.js'
import { MESSAGES } from '../common/lib/errors.js'
import { useServices } from '../common/state/services.js'
import { ClearFiltersButton, FilterBar, useUrlFilters } from './filter-bar.js'
import { searchQuery } from './queries.js'

const PAGE = 20

/** The page number the URL holds (1 when absent or not a small positive number). */
function pageParam(params: URLSearchParams): number {
  const n = Number(params.get('page'))
  return Number.isSafeInteger(n) && n >= 1 && n <= 10_000 ? n : 1
}

export function SearchPage() {
  const { api } = useServices()
  const [params, setParams] = useSearchParams()
  const q = (params.get('q') ?? '').trim()
  const page = pageParam(params)
  const valid = SearchText.safeParse(q).success
  const url = useUrlFilters()
  const results = useQuery({
    ...searchQuery(api, q, url.filters, (page - 1) * PAGE, PAGE),
    enabled: valid,
  })
  const goTo = (n: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(n))
    setParams(next)
  }

  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold break-words">
        {valid ? `Results for “${q}”` : 'Search'}
      </h1>
      {valid && <FilterBar defaultSort="Best match" />}
      {!valid ? (
        <p>Type a word in the search box to find pieces and creators.</p>
      ) : results.isPending ? (
        <Spinner />
      ) : results.isError ? (
        <p role="alert">{MESSAGES.apiGet}</p>
      ) : results.data.results.length === 0 ? (
        url.active ? (
          <div className="flex flex-col items-start gap-3">
            <p>No pieces match “{q}” with these filters.</p>
            <ClearFiltersButton />
          </div>
        ) : (
          <p>No pieces match “{q}”. Try another word or a shorter one.</p>
        )
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600" aria-live="polite">
            {results.data.count} {results.data.count === 1 ? 'piece' : 'pieces'} found
          </p>
          <AssetGrid>
            {results.data.results.map((a) => (
              <AssetCard key={a.guid} asset={a} />
            ))}
          </AssetGrid>
          {(results.data.previous !== null || results.data.next !== null) && (
            <nav aria-label="Pages" className="mt-8 flex justify-center gap-4">
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={results.data.previous === null}
                onClick={() => {
                  goTo(page - 1)
                }}
              >
                Previous
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={results.data.next === null}
                onClick={() => {
                  goTo(page + 1)
                }}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}
