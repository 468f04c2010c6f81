/**
 * The filter and sort bar of a list page (docs/product.md §11). Its state is the URL's
 * (list-filters.ts). Everything applies as it changes, and the bar says so: a menu at once, a
 * typed field (prices, creator) when typing pauses, on Enter or on leaving it. Each committed
 * change is one history entry (a pause in typing the same field replaces it rather than adding
 * one per pause), and a change to the URL already shown adds none, so Back undoes one change.
 * On a phone the bar folds behind one "Filters (n)" button so the results come first.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { MARKET_FILTERS, type MarketFilter } from '@unica/schemas'
import { inputClass, secondaryButtonClass } from '../common/components/modal.js'
import { useServices } from '../common/state/services.js'
import {
  MARKET_LABELS,
  SORTS,
  activeFilterCount,
  changedParams,
  readFilters,
  withoutFilters,
  type SortKey,
} from './list-filters.js'

/** How long typing must pause before a typed field applies. */
const TYPING_PAUSE_MS = 600

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
  const [open, setOpen] = useState(false)
  const [min, setMin] = useState(params.get('min') ?? '')
  const [max, setMax] = useState(params.get('max') ?? '')
  const [who, setWho] = useState(params.get('creator') ?? '')
  // Set once typing has added its history entry: later pauses in the same field replace it.
  const typedEntry = useRef(false)
  // Back, forward and Clear change the URL under the fields: they follow it.
  useEffect(() => {
    setMin(params.get('min') ?? '')
    setMax(params.get('max') ?? '')
    setWho(params.get('creator') ?? '')
  }, [params])

  const typed = () => ({
    min: min.trim(),
    max: max.trim(),
    ...(creator ? { creator: who.trim() } : {}),
  })
  const commit = (changes: Record<string, string>, typing: boolean) => {
    const next = changedParams(params, changes)
    if (next === null) return
    setParams(next, { replace: typing && typedEntry.current })
    typedEntry.current = typing
  }
  // A menu change carries what is typed too, so nothing typed is lost or applied twice.
  const choose = (key: 'market' | 'sort', value: string) => {
    commit({ ...typed(), [key]: value }, false)
  }
  // Typed fields apply when typing pauses. Rerun on every keystroke and on every URL change, so a
  // pending apply never lands on a URL that Back or a menu has changed since.
  useEffect(() => {
    const timer = setTimeout(() => {
      commit(typed(), true)
    }, TYPING_PAUSE_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [min, max, who, params])
  const applyTyped = () => {
    commit(typed(), true)
    typedEntry.current = false
  }
  const count = activeFilterCount(params)

  return (
    <div className="mb-6">
      <button
        type="button"
        className={`${secondaryButtonClass} sm:hidden`}
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => {
          setOpen((o) => !o)
        }}
      >
        {count > 0 ? `Filters (${String(count)})` : 'Filters'}
      </button>
      <form
        id={`${id}-form`}
        aria-label="Filters"
        aria-describedby={`${id}-how`}
        onSubmit={(e) => {
          e.preventDefault()
          applyTyped()
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
            e.preventDefault()
            applyTyped()
          }
        }}
        onBlur={(e) => {
          if (e.target instanceof HTMLInputElement) applyTyped()
        }}
        className={`${open ? 'flex' : 'hidden'} mt-3 flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:mt-0 sm:flex sm:flex-row sm:flex-wrap sm:items-end`}
      >
        {market && (
          <label className="flex flex-col text-sm" htmlFor={`${id}-market`}>
            Show
            <select
              id={`${id}-market`}
              className={inputClass}
              value={params.get('market') ?? ''}
              onChange={(e) => {
                choose('market', e.target.value)
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
              choose('sort', e.target.value)
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
        {active && (
          <div className="flex gap-2">
            <ClearFiltersButton />
          </div>
        )}
        <p id={`${id}-how`} className="w-full text-xs text-slate-500">
          Changes apply as you make them.
        </p>
      </form>
      {problems.length > 0 && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problems.join(' ')}
        </p>
      )}
    </div>
  )
}
