/**
 * A table that stacks below 768 px: on a phone each row becomes a block of "label  value" lines
 * (the column's name beside each cell), from md up it is an ordinary table with a header row.
 * The transaction history and the market's activity both read this way (docs/product.md §2, §11).
 */
import type { ReactNode } from 'react'

export interface StackedRow {
  key: string
  /** One cell per column, in the columns' order. */
  cells: readonly ReactNode[]
}

export function StackedTable({
  columns,
  rows,
  truncate = false,
}: {
  columns: readonly string[]
  rows: readonly StackedRow[]
  /** Cut long cell values with an ellipsis instead of wrapping them. */
  truncate?: boolean
}) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="hidden md:table-header-group">
        <tr className="border-b border-slate-200">
          {columns.map((c) => (
            <th key={c} scope="col" className="py-2 pr-4 font-semibold">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, cells }) => (
          <tr key={key} className="block border-b border-slate-200 py-2 md:table-row md:py-0">
            {cells.map((cell, i) => (
              <td
                key={columns[i]}
                className="flex justify-between gap-4 py-1 md:table-cell md:py-2 md:pr-4"
              >
                <span className="font-medium text-slate-500 md:hidden">{columns[i]}</span>
                <span className={truncate ? 'min-w-0 truncate' : undefined}>{cell}</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
