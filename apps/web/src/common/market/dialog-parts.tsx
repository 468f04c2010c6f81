/**
 * The pieces the trade and auction dialogs share (docs/product.md §4): the USDC amount field, the
 * fee line, Confirm, and running the confirmed plan. One home, so the dialogs cannot drift apart.
 */
import { useState, type ReactNode } from 'react'
import { buttonClass, inputClass } from '../components/modal.js'
import { formatAlgos, sanitizeAmountInput } from '../lib/format.js'
import { showError } from '../state/session.js'
import { useServices } from '../state/services.js'
import type { Plan } from './plan.js'
import { runPlan } from './run.js'

/**
 * The fee the plan pays, and what it holds besides, each named for what it is: a deposit the
 * trade's contract returns (a bid's box when the bid ends, an auction's when outbid or settled),
 * and minimum balance the opt-ins lock in the account itself.
 */
export function FeeLine({ plan }: { plan: Plan }) {
  return (
    <div className="text-sm text-slate-600">
      <p>Fee: {formatAlgos(plan.fees)} Algos</p>
      {plan.deposits > 0n && (
        <p>Deposit: {formatAlgos(plan.deposits)} Algos, which comes back to you</p>
      )}
      {plan.minBalance > 0n && (
        <p>
          Minimum balance: {formatAlgos(plan.minBalance)} Algos for the opt-in, which stays in your
          account but cannot be spent while you are opted in
        </p>
      )}
    </div>
  )
}

/** A USDC amount: typing keeps only what `decimals` allows; the error shows once it is given. */
export function AmountField({
  id,
  label,
  text,
  decimals,
  error,
  hint,
  onText,
}: {
  id: string
  label: string
  text: string
  decimals: number
  error: string | null | undefined
  hint?: ReactNode
  onText: (text: string) => void
}) {
  const shown = error ?? null
  const describedBy = [
    hint === undefined ? null : `${id}-hint`,
    shown === null ? null : `${id}-error`,
  ].filter((v) => v !== null)
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        className={inputClass}
        value={text}
        aria-invalid={shown !== null}
        aria-describedby={describedBy.length === 0 ? undefined : describedBy.join(' ')}
        onChange={(e) => {
          onText(sanitizeAmountInput(e.target.value, decimals))
        }}
      />
      {hint !== undefined && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {shown !== null && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {shown}
        </p>
      )}
    </div>
  )
}

/** Confirm; when the balances fall short it says so instead, and stays disabled. */
export function ConfirmButton({ disabled, funds }: { disabled: boolean; funds: string | null }) {
  return (
    <button
      type="submit"
      className={buttonClass}
      disabled={disabled || funds !== null}
      title={funds ?? undefined}
    >
      {funds ?? 'Confirm'}
    </button>
  )
}

/** Runs a confirmed plan through the action queue, then closes the dialog. */
export function usePlanRunner(onClose: () => void): {
  busy: boolean
  run: (plan: Plan) => Promise<void>
} {
  const services = useServices()
  const [busy, setBusy] = useState(false)
  async function run(plan: Plan) {
    setBusy(true)
    try {
      await runPlan(services, plan)
      onClose()
    } catch (e) {
      // Error alerts close open modals (docs/product.md §8).
      showError(services, e)
      onClose()
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
