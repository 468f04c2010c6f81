/**
 * The search box of the navigation bar (docs/product.md §11): suggestions of pieces and creators
 * as the user types, an ARIA 1.2 combobox (arrows move through the suggestions, Enter opens the
 * one chosen or the results page, Escape closes the list and then clears the field).
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { SearchText } from '@unica/schemas'
import { shortAddress } from '../common/lib/format.js'
import { paths } from '../common/routing/paths.js'
import { useServices } from '../common/state/services.js'
import { discoveryPaths } from '../common/routing/discovery-paths.js'
import { suggestionsQuery } from './queries.js'

/** Typing pauses this long before suggestions are asked for. */
const DEBOUNCE_MS = 200

interface Option {
  readonly id: string
  readonly label: string
  readonly detail: string
  readonly to: string
}

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value)
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [value])
  return settled
}

export function SearchBox() {
  const { api } = useServices()
  const navigate = useNavigate()
  const id = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const settled = useDebounced(text.trim())
  const valid = SearchText.safeParse(settled).success
  const suggestions = useQuery({ ...suggestionsQuery(api, settled), enabled: open && valid })

  const options: Option[] = [
    ...(suggestions.data?.assets ?? []).map((a) => ({
      id: `a-${a.guid}`,
      label: a.name,
      detail: a.unit_name,
      to: paths.asset(a.guid),
    })),
    ...(suggestions.data?.creators ?? []).map((c) => ({
      id: `c-${c.address}`,
      label: shortAddress(c.address),
      detail: `Creator · ${String(c.works)} ${c.works === 1 ? 'work' : 'works'}`,
      to: discoveryPaths.creator(c.address),
    })),
  ]
  const expanded = open && valid && text.trim() !== ''
  const listId = `${id}-list`
  const optionId = (i: number) => `${id}-opt-${String(i)}`

  const go = (to: string) => {
    setOpen(false)
    setActive(-1)
    void navigate(to)
  }
  const submit = () => {
    const q = text.trim()
    if (active >= 0 && active < options.length) go(options[active].to)
    else if (SearchText.safeParse(q).success) go(discoveryPaths.search(q))
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setOpen(true)
      setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1))
    } else if (e.key === 'Escape') {
      // A search input clears itself on Escape in Chromium; the first Escape only closes the list.
      e.preventDefault()
      if (expanded) setOpen(false)
      else setText('')
      setActive(-1)
    } else if (e.key === 'Enter') {
      e.preventDefault()
      submit()
    }
  }

  return (
    <form
      role="search"
      className="relative w-full sm:w-64"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Search pieces and creators
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder="Search pieces and creators"
        className="w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => {
          setOpen(true)
        }}
        onBlur={() => {
          // Let a click on an option land first.
          setTimeout(() => {
            setOpen(false)
          }, 150)
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-80 w-full overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg"
      >
        {suggestions.isFetching && options.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-sm text-slate-500">
            Searching…
          </li>
        )}
        {suggestions.isError && (
          <li role="presentation" className="px-3 py-2 text-sm text-red-700">
            Suggestions are unavailable; press Enter to search.
          </li>
        )}
        {suggestions.isSuccess && options.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-sm text-slate-500">
            No suggestions; press Enter to search.
          </li>
        )}
        {options.map((o, i) => (
          <li
            key={o.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`flex cursor-pointer justify-between gap-2 px-3 py-2 text-sm ${i === active ? 'bg-indigo-50' : ''}`}
            onMouseDown={(e) => {
              e.preventDefault()
              go(o.to)
            }}
          >
            <span className="truncate font-medium">{o.label}</span>
            <span className="shrink-0 text-slate-500">{o.detail}</span>
          </li>
        ))}
      </ul>
    </form>
  )
}
