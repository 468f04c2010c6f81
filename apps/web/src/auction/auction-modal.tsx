/**
 * The auction dialogs (docs/product.md §2 and §4): Start auction (reserve, duration, minimum
 * raise), Bid in auction (at least the minimum next bid; a deposit returned when outbid), Cancel
 * auction, Settle and Withdraw. Like the trade modals, each reads the contract's state from the
 * chain, shows the true fees of the groups it will send (opt-ins included), checks balances in
 * base units, and runs the plan through the action queue.
 */
import { AUCTION_DEPOSIT, minNextBid } from '@unica/contracts'
import type { Asset } from '@unica/schemas'
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import { Modal, ModalActions, Spinner, buttonClass, inputClass } from '../components/modal.js'
import { formatAlgos, formatUnits, parseUnits, sanitizeAmountInput } from '../lib/format.js'
import { youReceive } from '../lib/royalty.js'
import { refreshAccount, showError } from '../state/session.js'
import { useServices } from '../state/services.js'
import { useStore } from '../state/store.js'
import { marketOf } from '../trade/market-of.js'
import { available, type Plan } from '../trade/plan.js'
import { runPlan } from '../trade/run.js'
import { fundsError } from '../trade/validation.js'
import type { AuctionAction } from './auction-panel.js'
import {
  planAuctionBid,
  planCancelAuction,
  planSettle,
  planStartAuction,
  planWithdraw,
  type AuctionContext,
} from './plan.js'
import { readAuctionFacts } from './facts.js'
import { StartAuctionFields, useStartAuctionForm } from './start-auction-fields.js'
import { checkAuctionBid } from './validation.js'

export const AUCTION_TITLES: Record<AuctionAction, string> = {
  'start-auction': 'Start auction',
  'auction-bid': 'Bid in auction',
  'cancel-auction': 'Cancel auction',
  settle: 'Settle auction',
  withdraw: 'Withdraw held USDC',
}

/** The context the plans take; on failure the error alert closes the modal. */
function useAuctionContext(asset: Asset, onFail: () => void): AuctionContext | null {
  const services = useServices()
  const account = useStore(services.store, (s) => s.account)
  const address = useStore(services.store, (s) => s.address)
  const [loaded, setLoaded] = useState<Omit<AuctionContext, 'account' | 'address'> | null>(null)
  const appId = asset.application_id === null ? null : BigInt(asset.application_id)

  useEffect(() => {
    if (appId === null || address === null) return
    const alive = { current: true }
    void (async () => {
      try {
        // An app of a version this build does not know cannot be traded here: an error, not a crash.
        const market = marketOf(asset, appId, services.config.usdcId)
        const chain = await services.chain()
        const [state, params] = await Promise.all([chain.readMarket(appId), chain.params()])
        const ids = { appId, usdcId: market.usdcId, nftId: market.nftId }
        const facts = await readAuctionFacts(chain, state, ids, address)
        if (account === null) await refreshAccount(services)
        const usdcDecimals = services.config.usdcDecimals
        if (alive.current) setLoaded({ market, state, params, facts, usdcDecimals })
      } catch (e) {
        if (alive.current) {
          showError(services, e)
          onFail()
        }
      }
    })()
    return () => {
      alive.current = false
    }
    // The account is read from the store at render; it need not restart the chain reads. A new
    // highest bid or end (live updates) reads the chain again, so the minimum next bid follows.
  }, [appId, address, services, asset.auction?.highest_bid, asset.auction?.end])

  return useMemo(
    () =>
      loaded === null || account === null || address === null
        ? null
        : { ...loaded, account, address },
    [loaded, account, address],
  )
}

/** A plan, or why it cannot be made (the contract's refusal, said before anything is signed). */
function attempt(build: () => Plan): { plan: Plan | null; error: string | null } {
  try {
    return { plan: build(), error: null }
  } catch (e) {
    return { plan: null, error: e instanceof Error ? e.message : String(e) }
  }
}

function FeeLine({ plan }: { plan: Plan }) {
  return (
    <p className="text-sm text-slate-600">
      Fee: {formatAlgos(plan.fees)} Algos
      {plan.needed.algos > plan.fees &&
        ` (plus ${formatAlgos(plan.needed.algos - plan.fees)} Algos held as deposit or minimum balance)`}
    </p>
  )
}

/** The dialog's frame: the form, the fee, the balance check and Confirm. */
function ActionForm({
  ctx,
  plan,
  busy,
  onConfirm,
  onClose,
  onInvalid,
  children,
}: {
  ctx: AuctionContext
  plan: Plan | null
  busy: boolean
  onConfirm: (plan: Plan) => void
  onClose: () => void
  /** Confirm (or Enter) on an invalid form shows every field's problem. */
  onInvalid?: () => void
  children: ReactNode
}) {
  const funds = plan === null ? null : fundsError(plan.needed, available(ctx))
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (plan === null) onInvalid?.()
        else if (funds === null) onConfirm(plan)
      }}
      className="flex flex-col gap-4"
    >
      {children}
      {plan !== null && <FeeLine plan={plan} />}
      <ModalActions onCancel={onClose}>
        {/* Enabled on an invalid form, so Confirm (or Enter) shows what is wrong. */}
        <button
          type="submit"
          className={buttonClass}
          disabled={busy || funds !== null}
          title={funds ?? undefined}
        >
          {funds ?? 'Confirm'}
        </button>
      </ModalActions>
    </form>
  )
}

/** What every dialog body gets. */
interface BodyProps {
  readonly asset: Asset
  readonly ctx: AuctionContext
  readonly busy: boolean
  readonly onConfirm: (plan: Plan) => void
  readonly onClose: () => void
}

function Failure({ error }: { error: string | null }) {
  if (error === null) return null
  return (
    <p role="alert" className="text-sm text-red-700">
      {error}
    </p>
  )
}

function StartAuctionBody({ asset, ctx, busy, onConfirm, onClose }: BodyProps) {
  const { config } = useServices()
  const form = useStartAuctionForm(config.usdcDecimals)
  const terms = form.terms
  const result = useMemo(
    () =>
      terms === null ? { plan: null, error: null } : attempt(() => planStartAuction(ctx, terms)),
    [terms, ctx],
  )
  return (
    <ActionForm
      ctx={ctx}
      plan={result.plan}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      onInvalid={form.touchAll}
    >
      <p className="font-medium">{asset.name}</p>
      <StartAuctionFields form={form} />
      {terms !== null && (
        <p aria-live="polite" className="text-sm font-medium">
          At the reserve: {youReceive(asset, ctx.address, terms.reserve, config.usdcDecimals)}
        </p>
      )}
      {ctx.state.ask > 0n && (
        <p className="text-sm text-slate-600">Starting the auction ends your listing.</p>
      )}
      <Failure error={result.error} />
    </ActionForm>
  )
}

function AuctionBidBody({ asset, ctx, busy, onConfirm, onClose }: BodyProps) {
  const { config } = useServices()
  const decimals = config.usdcDecimals
  const [text, setText] = useState('')
  const [touched, setTouched] = useState(false)
  const inputId = useId()
  const fmt = (v: bigint) => formatUnits(v, decimals)
  const auction = ctx.state.auction ?? null
  const minNext = auction === null ? 0n : minNextBid(auction)
  const amount = parseUnits(text, decimals)
  const error = auction === null ? 'No auction is running.' : checkAuctionBid(amount, minNext, fmt)
  const result = useMemo(
    () =>
      error !== null || amount === null
        ? { plan: null, error: null }
        : attempt(() => planAuctionBid(ctx, amount)),
    [error, amount, ctx],
  )
  const shown = touched ? error : null
  return (
    <ActionForm
      ctx={ctx}
      plan={result.plan}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      onInvalid={() => {
        setTouched(true)
      }}
    >
      <p className="font-medium">{asset.name}</p>
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt className="text-slate-500">Highest bid</dt>
        <dd>
          {auction !== null && auction.highestBid > 0n
            ? `${fmt(auction.highestBid)} USDC`
            : 'No bids yet'}
        </dd>
        <dt className="text-slate-500">Minimum next bid</dt>
        <dd>{fmt(minNext)} USDC</dd>
      </dl>
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
          Your bid (USDC)
        </label>
        <input
          id={inputId}
          inputMode="decimal"
          autoComplete="off"
          className={inputClass}
          value={text}
          aria-invalid={shown !== null}
          aria-describedby={`${inputId}-hint${shown !== null ? ` ${inputId}-error` : ''}`}
          onChange={(e) => {
            setTouched(true)
            setText(sanitizeAmountInput(e.target.value, decimals))
          }}
        />
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-600">
          At least {fmt(minNext)} USDC. When you are outbid, your USDC and the{' '}
          {formatAlgos(AUCTION_DEPOSIT)} Algo deposit come back to you.
        </p>
        {shown !== null && (
          <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {shown}
          </p>
        )}
      </div>
      <Failure error={result.error} />
    </ActionForm>
  )
}

const CONFIRM_PLANS = {
  'cancel-auction': planCancelAuction,
  settle: planSettle,
  withdraw: planWithdraw,
} as const

/** Cancel, settle, withdraw: what happens, the fee, Confirm. */
function ConfirmBody({
  kind,
  asset,
  ctx,
  busy,
  onConfirm,
  onClose,
}: BodyProps & { kind: keyof typeof CONFIRM_PLANS }) {
  const { config } = useServices()
  const fmt = (v: bigint) => `${formatUnits(v, config.usdcDecimals)} USDC`
  const r = useMemo(() => attempt(() => CONFIRM_PLANS[kind](ctx)), [kind, ctx])
  const won = ctx.state.auction?.highestBid ?? 0n
  const text = {
    'cancel-auction': 'The piece comes back to your wallet and the auction ends.',
    settle: `The winning bid of ${fmt(won)} goes to the seller (less the creator's royalty, if any) and the piece to the winner. You pay only the fee.`,
    withdraw: `${fmt(ctx.facts.held ?? 0n)} and the ${formatAlgos(AUCTION_DEPOSIT)} Algo deposit come back to your account.`,
  }[kind]
  return (
    <ActionForm ctx={ctx} plan={r.plan} busy={busy} onConfirm={onConfirm} onClose={onClose}>
      <p className="font-medium">{asset.name}</p>
      {r.error === null && <p className="text-sm">{text}</p>}
      <Failure error={r.error} />
    </ActionForm>
  )
}

export function AuctionModal({
  kind,
  asset,
  onClose,
}: {
  kind: AuctionAction
  asset: Asset
  onClose: () => void
}) {
  const services = useServices()
  const ctx = useAuctionContext(asset, onClose)
  const [busy, setBusy] = useState(false)

  async function confirm(plan: Plan) {
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

  let body: ReactNode
  if (ctx === null) body = <Spinner />
  else {
    const props: BodyProps = {
      asset,
      ctx,
      busy,
      onClose,
      onConfirm: (plan) => void confirm(plan),
    }
    if (kind === 'start-auction') body = <StartAuctionBody {...props} />
    else if (kind === 'auction-bid') body = <AuctionBidBody {...props} />
    else body = <ConfirmBody kind={kind} {...props} />
  }
  return (
    <Modal title={AUCTION_TITLES[kind]} onClose={onClose}>
      {body}
    </Modal>
  )
}
