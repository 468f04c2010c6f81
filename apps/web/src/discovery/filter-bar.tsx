/**
 * The filter and sort bar of a list page (docs/product.md §11). Its state is the URL's
 * (list-filters.ts): each change is a new history entry, so back and forward step through views.
 * Menus apply at once; the price and creator fields apply with the Apply button or Enter.
 */
import { useEffect, useId, useState, type SyntheticEvent } from 'react'
import { useSearchParams } from 'react-router'
import { MARKET_FILTERS, type MarketFilter } from '@unica/schemas'
import { buttonClass, inputClass, secondaryButtonClass } from '../components/modal.js'
import { useServices } from '../state/services.js'
import { MARKET_LABELS, SORTS, readFilters, withoutFilters, type SortKey } from './list-filters.js'

export interface FilterBarOptions {
  /** Lists fixed to one creator hide the creator field. */
  readonly creator?: boolean
  /** Lists fixed to a market state (For sale) hide the market menu. */
  readonly market?: boolean
  /** What the sort menu calls the list's own order (a search's is the best match). */
  readonly defaultSort?: string
}

/** The filters the URL holds, for the list below the bar. */
export function useUrlFilters() {
  const [params] = useSearchParams()
  const { config } = useServices()
  return readFilters(params, config.usdcDecimals)
}

export function ClearFiltersButton() {
  const [params, setParams] = useSearchParams()
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      onClick={() => {
        setParams(withoutFilters(params))
      }}
    >
      Clear filters
    </button>
  )
}

export function FilterBar({
  creator = true,
  market = true,
  defaultSort = 'Default',
}: FilterBarOptions) {
  const [params, setParams] = useSearchParams()
  const { problems, active } = useUrlFilters()
  const id = useId()
  const [min, setMin] = useState(params.get('min') ?? '')
  const [max, setMax] = useState(params.get('max') ?? '')
  const [who, setWho] = useState(params.get('creator') ?? '')
  // Back, forward and Clear change the URL under the fields: they follow it.
  useEffect(() => {
    setMin(params.get('min') ?? '')
    setMax(params.get('max') ?? '')
    setWho(params.get('creator') ?? '')
  }, [params])

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) {
      if (value === '') next.delete(key)
      else next.set(key, value)
    }
    next.delete('page')
    setParams(next)
  }
  const apply = (e: SyntheticEvent) => {
    e.preventDefault()
    update({ min: min.trim(), max: max.trim(), ...(creator ? { creator: who.trim() } : {}) })
  }

  return (
    <form
      aria-label="Filters"
      onSubmit={apply}
      className="mb-6 flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-row sm:flex-wrap sm:items-end"
    >
      {market && (
        <label className="flex flex-col text-sm" htmlFor={`${id}-market`}>
          Show
          <select
            id={`${id}-market`}
            className={inputClass}
            value={params.get('market') ?? ''}
            onChange={(e) => {
              update({ market: e.target.value })
            }}
          >
            <option value="">All</option>
            {MARKET_FILTERS.map((m: MarketFilter) => (
              <option key={m} value={m}>
                {MARKET_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="flex flex-col text-sm" htmlFor={`${id}-min`}>
        Min price (USDC)
        <input
          id={`${id}-min`}
          inputMode="decimal"
          className={`${inputClass} sm:w-32`}
          value={min}
          onChange={(e) => {
            setMin(e.target.value)
          }}
        />
      </label>
      <label className="flex flex-col text-sm" htmlFor={`${id}-max`}>
        Max price (USDC)
        <input
          id={`${id}-max`}
          inputMode="decimal"
          className={`${inputClass} sm:w-32`}
          value={max}
          onChange={(e) => {
            setMax(e.target.value)
          }}
        />
      </label>
      {creator && (
        <label className="flex flex-col text-sm sm:min-w-64 sm:flex-1" htmlFor={`${id}-creator`}>
          Creator address
          <input
            id={`${id}-creator`}
            className={inputClass}
            value={who}
            spellCheck={false}
            onChange={(e) => {
              setWho(e.target.value)
            }}
          />
        </label>
      )}
      <label className="flex flex-col text-sm" htmlFor={`${id}-sort`}>
        Sort by
        <select
          id={`${id}-sort`}
          className={inputClass}
          value={params.get('sort') ?? ''}
          onChange={(e) => {
            update({ sort: e.target.value })
          }}
        >
          <option value="">{defaultSort}</option>
          {(Object.keys(SORTS) as SortKey[]).map((key) => (
            <option key={key} value={key}>
              {SORTS[key].label}
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass}>
          Apply
        </button>
        {active && <ClearFiltersButton />}
      </div>
      {problems.length > 0 && (
        <p role="alert" className="w-full text-sm text-red-700">
          {problems.join(' ')}
        </p>
      )}
    </form>
  )
}
