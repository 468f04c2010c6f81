/**
 * The Create NFT form's royalty section (docs/product.md §3): as many recipients as the version a
 * new deploy gets takes (NEW_PIECE_ROYALTY), each an address and a percentage (shown beside it in
 * basis points), the total, and each row's problem inline. The rules and messages are
 * royalty-input.ts's.
 */
import { useId } from 'react'
import { inputClass, secondaryButtonClass } from '../common/components/modal.js'
import { percentOf } from '../common/lib/royalty.js'
import {
  NEW_PIECE_ROYALTY,
  percentToBasisPoints,
  type RoyaltyReading,
  type RoyaltyRow,
} from './royalty-input.js'

const MOST = NEW_PIECE_ROYALTY.maxRecipients
const MOST_PERCENT = percentOf(NEW_PIECE_ROYALTY.maxBasisPoints)

export function RoyaltyFields(props: {
  rows: readonly RoyaltyRow[]
  reading: RoyaltyReading
  onChange: (rows: RoyaltyRow[]) => void
}) {
  const { rows, reading, onChange } = props
  const base = useId()
  const set = (i: number, patch: Partial<RoyaltyRow>) => {
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  }
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium">Creator royalty</legend>
      <p className="text-sm text-slate-600">
        Paid to up to {MOST} recipients on every resale, from 0% to {MOST_PERCENT} in all, fixed for
        the life of the contract. Leave it at 0% for none.
      </p>
      {rows.map((row, i) => {
        const id = `${base}-${i}`
        const problem = reading.rows[i] ?? null
        const bp = percentToBasisPoints(row.percent)
        return (
          <div key={i}>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
              <div className="flex-1">
                <label htmlFor={`${id}-address`} className="mb-1 block text-sm">
                  Recipient {i + 1} address
                </label>
                <input
                  id={`${id}-address`}
                  className={`${inputClass} font-mono text-sm`}
                  value={row.address}
                  spellCheck={false}
                  autoComplete="off"
                  aria-invalid={problem !== null}
                  aria-describedby={problem === null ? undefined : `${id}-error`}
                  onChange={(e) => {
                    set(i, { address: e.target.value })
                  }}
                />
              </div>
              <div className="sm:w-36">
                <label htmlFor={`${id}-percent`} className="mb-1 block text-sm">
                  Recipient {i + 1} royalty (%)
                </label>
                <input
                  id={`${id}-percent`}
                  className={inputClass}
                  inputMode="decimal"
                  value={row.percent}
                  aria-invalid={problem !== null}
                  aria-describedby={`${id}-bp${problem === null ? '' : ` ${id}-error`}`}
                  onChange={(e) => {
                    set(i, { percent: e.target.value.trim() })
                  }}
                />
                <p id={`${id}-bp`} className="mt-1 text-xs text-slate-500">
                  {bp === null ? '—' : `${bp.toString()} basis points`}
                </p>
              </div>
              {rows.length > 1 && (
                <button
                  type="button"
                  className={`${secondaryButtonClass} sm:mt-6`}
                  aria-label={`Remove recipient ${i + 1}`}
                  onClick={() => {
                    onChange(rows.filter((_, j) => j !== i))
                  }}
                >
                  Remove
                </button>
              )}
            </div>
            {problem !== null && (
              <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
                {problem}
              </p>
            )}
          </div>
        )
      })}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          Total royalty: <strong>{percentOf(reading.basisPoints)}</strong> (
          {reading.basisPoints.toString()} basis points)
        </p>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={rows.length >= MOST}
          onClick={() => {
            onChange([...rows, { address: '', percent: '' }])
          }}
        >
          Add recipient
        </button>
      </div>
      {rows.length >= MOST && (
        <p className="text-sm text-slate-600">A new piece takes at most {MOST} recipients.</p>
      )}
      {reading.total !== null && (
        <p role="alert" className="text-sm text-red-700">
          {reading.total}
        </p>
      )}
    </fieldset>
  )
}
