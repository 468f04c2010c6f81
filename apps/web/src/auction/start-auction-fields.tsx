/**
 * The Start auction form's fields (docs/product.md §2): reserve in USDC, duration (presets from
 * 1 hour to 7 days, or a custom number of hours) and the minimum raise (a percentage of at least
 * 5%, or an amount of at least 1 USDC). Problems show inline on their field once it was touched
 * (or on Enter), by the chain's own limits (validation.ts).
 */
import type { AuctionLimits } from '@unica/rules'
import { useId, useMemo, useState } from 'react'
import { inputClass } from '../common/components/modal.js'
import { sanitizeAmountInput } from '../common/lib/format.js'
import {
  DURATION_PRESETS,
  checkStartAuction,
  type RaiseKind,
  type StartAuctionErrors,
  type StartAuctionFields as Fields,
  type StartAuctionTerms,
} from './validation.js'

type FieldName = keyof StartAuctionErrors

export interface StartAuctionForm {
  readonly fields: Fields
  readonly set: (changes: Partial<Fields>, field: FieldName) => void
  /** The problems of the touched fields. */
  readonly errors: StartAuctionErrors
  readonly terms: StartAuctionTerms | null
  readonly decimals: number
  /** Shows every field's problem (on Enter with an invalid form). */
  readonly touchAll: () => void
}

const INITIAL: Fields = {
  reserve: '',
  duration: String(24 * 3600),
  customHours: '',
  raiseKind: 'percent',
  raise: '10',
}

export function useStartAuctionForm(decimals: number, limits: AuctionLimits): StartAuctionForm {
  const [fields, setFields] = useState<Fields>(INITIAL)
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set())
  const checked = useMemo(
    () => checkStartAuction(fields, decimals, limits),
    [fields, decimals, limits],
  )
  const errors: StartAuctionErrors = {}
  for (const f of touched) if (checked.errors[f] !== undefined) errors[f] = checked.errors[f]
  return {
    fields,
    decimals,
    errors,
    terms: checked.terms,
    set: (changes, field) => {
      setFields((f) => ({ ...f, ...changes }))
      setTouched((t) => new Set(t).add(field))
    },
    touchAll: () => {
      setTouched(new Set<FieldName>(['reserve', 'duration', 'raise']))
    },
  }
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (error === undefined) return null
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {error}
    </p>
  )
}

export function StartAuctionFields({ form }: { form: StartAuctionForm }) {
  const id = useId()
  const { fields, errors, set, decimals } = form
  const described = (name: FieldName, hint?: string) =>
    [hint, errors[name] !== undefined ? `${id}-${name}-error` : undefined]
      .filter((x) => x !== undefined)
      .join(' ') || undefined
  const amount = (text: string) => sanitizeAmountInput(text, decimals)
  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={`${id}-reserve`} className="mb-1 block text-sm font-medium">
          Reserve (USDC)
        </label>
        <input
          id={`${id}-reserve`}
          inputMode="decimal"
          autoComplete="off"
          className={inputClass}
          value={fields.reserve}
          aria-invalid={errors.reserve !== undefined}
          aria-describedby={described('reserve', `${id}-reserve-hint`)}
          onChange={(e) => {
            set({ reserve: amount(e.target.value) }, 'reserve')
          }}
        />
        <p id={`${id}-reserve-hint`} className="mt-1 text-sm text-slate-600">
          The lowest first bid. The clock starts with the first bid.
        </p>
        <FieldError id={`${id}-reserve-error`} error={errors.reserve} />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="sm:flex-1">
          <label htmlFor={`${id}-duration`} className="mb-1 block text-sm font-medium">
            Duration
          </label>
          <select
            id={`${id}-duration`}
            className={inputClass}
            value={fields.duration}
            aria-invalid={errors.duration !== undefined}
            aria-describedby={described('duration')}
            onChange={(e) => {
              set({ duration: e.target.value }, 'duration')
            }}
          >
            {DURATION_PRESETS.map((p) => (
              <option key={p.seconds} value={String(p.seconds)}>
                {p.label}
              </option>
            ))}
            <option value="custom">Custom (hours)</option>
          </select>
        </div>
        {fields.duration === 'custom' && (
          <div className="sm:flex-1">
            <label htmlFor={`${id}-hours`} className="mb-1 block text-sm font-medium">
              Hours (1 to 168)
            </label>
            <input
              id={`${id}-hours`}
              inputMode="numeric"
              autoComplete="off"
              className={inputClass}
              value={fields.customHours}
              aria-invalid={errors.duration !== undefined}
              aria-describedby={described('duration')}
              onChange={(e) => {
                set({ customHours: e.target.value.replace(/\D/g, '').slice(0, 4) }, 'duration')
              }}
            />
          </div>
        )}
      </div>
      <FieldError id={`${id}-duration-error`} error={errors.duration} />
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Minimum raise</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="flex gap-4 text-sm">
            {(['percent', 'amount'] as RaiseKind[]).map((k) => (
              <label key={k} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name={`${id}-raise-kind`}
                  value={k}
                  checked={fields.raiseKind === k}
                  onChange={() => {
                    set({ raiseKind: k, raise: k === 'percent' ? '10' : '1' }, 'raise')
                  }}
                />
                {k === 'percent' ? 'Percent' : 'USDC'}
              </label>
            ))}
          </div>
          <label htmlFor={`${id}-raise`} className="sr-only">
            {fields.raiseKind === 'percent' ? 'Minimum raise in percent' : 'Minimum raise in USDC'}
          </label>
          <input
            id={`${id}-raise`}
            inputMode="decimal"
            autoComplete="off"
            className={`${inputClass} sm:w-32`}
            value={fields.raise}
            aria-invalid={errors.raise !== undefined}
            aria-describedby={described('raise', `${id}-raise-hint`)}
            onChange={(e) => {
              const v = e.target.value
              set(
                { raise: fields.raiseKind === 'percent' ? sanitizeAmountInput(v, 2) : amount(v) },
                'raise',
              )
            }}
          />
        </div>
        <p id={`${id}-raise-hint`} className="mt-1 text-sm text-slate-600">
          Each new bid must beat the highest by at least this: 5% or more, or 1 USDC or more.
        </p>
        <FieldError id={`${id}-raise-error`} error={errors.raise} />
      </fieldset>
    </div>
  )
}
