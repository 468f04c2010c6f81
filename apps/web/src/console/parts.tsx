/** Small pieces every console section shares: its states, a pager, a table's frame. */
import { useId, type ReactNode } from 'react'
import { Loaded } from '../common/components/loaded.js'
import { secondaryButtonClass } from '../common/components/modal.js'
import { CONSOLE_PAGE, consoleMessage } from './queries.js'

/** Loading, error and empty states around a section's list: the shared frame, with the console's
 * messages (signed out, not staff). */
export function Loadable<T>(props: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined }
  empty: (data: T) => boolean
  emptyText: string
  children: (data: T) => ReactNode
}) {
  return (
    <Loaded
      query={props.query}
      failure={consoleMessage}
      empty={{ when: props.empty, text: props.emptyText }}
    >
      {props.children}
    </Loaded>
  )
}

/** A "Show" choice of which records a section lists; choosing one goes back to the first page. */
export function ShowFilter<V extends string>(props: {
  options: readonly { value: V; label: string }[]
  value: V
  onChange: (value: V) => void
}) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id}>Show</label>
      <select
        id={id}
        className="rounded-md border border-slate-300 px-2 py-1"
        value={props.value}
        onChange={(e) => {
          props.onChange(e.target.value as V)
        }}
      >
        {props.options.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Previous / next over a `{count}` page, by offset. */
export function Pager(props: { count: number; offset: number; onOffset: (o: number) => void }) {
  const { count, offset } = props
  if (count <= CONSOLE_PAGE) return null
  return (
    <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={offset === 0}
        onClick={() => {
          props.onOffset(Math.max(0, offset - CONSOLE_PAGE))
        }}
      >
        Previous
      </button>
      <span>
        {offset + 1}–{Math.min(count, offset + CONSOLE_PAGE)} of {count}
      </span>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={offset + CONSOLE_PAGE >= count}
        onClick={() => {
          props.onOffset(offset + CONSOLE_PAGE)
        }}
      >
        Next
      </button>
    </nav>
  )
}

/** A wide table, with its header row, that scrolls sideways on a phone instead of widening the page. */
export function TableFrame({
  label,
  columns,
  children,
}: {
  label: string
  /** The header row's column names. */
  columns: readonly string[]
  /** The body's rows. */
  children: ReactNode
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="min-w-full text-left text-sm" aria-label={label}>
        <thead>
          <tr>
            {columns.map((h) => (
              <th key={h} scope="col" className={headClass}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

export const cellClass = 'border-t border-slate-200 px-3 py-2 align-top'
const headClass = 'bg-slate-50 px-3 py-2 font-semibold'
