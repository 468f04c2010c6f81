/**
 * The auction dialogs (docs/product.md §2 and §4): Start auction (reserve, duration, minimum
 * raise), Bid in auction (at least the minimum next bid; a deposit returned when outbid), Cancel
 * auction, Settle and Withdraw. Like the trade modals, each reads the contract's state from the
 * chain, shows the true fees of the groups it will send (opt-ins included), checks balances in
 * base units, and runs the plan through the action queue.
 */
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
import { AUCTION_DEPOSIT_MICROALGOS } from './limits.js'
import {
  planAuctionBid,
  planCancelAuction,
  planSettle,
  planStartAuction,
  planWithdraw,
  type AuctionContext,
} from './plan.js'
import { StartAuctionFields, useStartAuctionForm } from './start-auction-fields.js'
import { checkAuctionBid } from './validation.js'
import { minNextBid } from './min-next.js'

export const AUCTION_TITLES: Record<AuctionAction, string> = {
  'start-auction': 'Start auction',
  'auction-bid': 'Bid in auction',
  'cancel-auction': 'Cancel auction',
  settle: 'Settle auction',
  withdraw: 'Withdraw held USDC',
}

interface Loaded {
  readonly ctx: AuctionContext
  /** USDC the contract holds for the viewer (box "a" + address). */
  readonly held: bigint
}

/** Reads what an auction action needs from the chain; on failure the error alert closes the modal. */
function useAuctionContext(asset: Asset, onFail: () => void): Loaded | null {
  const services = useServices()
  const account = useStore(services.store, (s) => s.account)
  const address = useStore(services.store, (s) => s.address)
  const [loaded, setLoaded] = useState<Omit<Loaded, 'ctx'> & {
    ctx: Omit<AuctionContext, 'account' | 'address'>
  } | null>(null)
  const appId = asset.application_id === null ? null : BigInt(asset.application_id)

  useEffect(() => {
    if (appId === null || address === null) return
    const alive = { current: true }
    void (async () => {
      try {
        const market = marketOf(asset, appId, services.config.usdcId)
        const chain = await services.chain()
        const [state, held, params] = await Promise.all([
          chain.readMarket(appId),
          chain.readHeld(appId, address),
          chain.params(),
        ])
        if (account === null) await refreshAccount(services)
        if (alive.current) setLoaded({ ctx: { market, state, params }, held })
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
    // The account is read from the store at render; it need not restart the chain reads.
  }, [appId, address, services, asset.auction?.highest_bid, asset.auction?.end])

  if (loaded === null || account === null || address === null) return null
  return { held: loaded.held, ctx: { ...loaded.ctx, account, address } }
}

/** The plan of a confirmation-only action, or why it cannot run. */
function simplePlan(
  kind: 'cancel-auction' | 'settle' | 'withdraw',
  loaded: Loaded,
): { plan: Plan | null; error: string | null } {
  const { ctx } = loaded
  const a = ctx.state.auction ?? null
  try {
    switch (kind) {
      case 'cancel-auction':
        if (a === null) return { plan: null, error: 'No auction is running.' }
        if (ctx.state.owner !== ctx.address) {
          return { plan: null, error: 'Only the seller can cancel the auction.' }
        }
        if (a.highestBid > 0n) {
          return { plan: null, error: 'An auction cannot be cancelled after its first bid.' }
        }
        return { plan: planCancelAuction(ctx), error: null }
      case 'settle':
        if (a === null || a.highestBid === 0n || a.highestBidder === null) {
          return { plan: null, error: 'There is nothing to settle: the auction is already settled.' }
        }
        return { plan: planSettle(ctx), error: null }
      case 'withdraw':
        return loaded.held > 0n
          ? { plan: planWithdraw(ctx), error: null }
          : { plan: null, error: 'The contract holds nothing for this account.' }
    }
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
  loaded,
  plan,
  busy,
  onConfirm,
  onClose,
  onInvalid,
  children,
}: {
  loaded: Loaded
  plan: Plan | null
  busy: boolean
  onConfirm: (plan: Plan) => void
  onClose: () => void
  /** Enter on an invalid form shows every field's problem. */
  onInvalid?: () => void
  children: ReactNode
}) {
  const funds = plan === null ? null : fundsError(plan.needed, available(loaded.ctx))
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
        <button
          type="submit"
          className={buttonClass}
          disabled={busy || plan === null || funds !== null}
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
  readonly loaded: Loaded
  readonly busy: boolean
  readonly onConfirm: (plan: Plan) => void
  readonly onClose: () => void
}

/** A plan, or the builder's refusal as a message (never a crash). */
function attempt(build: () => Plan): { plan: Plan | null; error: string | null } {
  try {
    return { plan: build(), error: null }
  } catch (e) {
    return { plan: null, error: e instanceof Error ? e.message : String(e) }
  }
}

function Failure({ error }: { error: string | null }) {
  if (error === null) return null
  return (
    <p role="alert" className="text-sm text-red-700">
      {error}
    </p>
  )
}

function StartAuctionBody({ asset, loaded, busy, onConfirm, onClose }: BodyProps) {
  const { config } = useServices()
  const form = useStartAuctionForm(config.usdcDecimals)
  const terms = form.terms
  const result = useMemo(
    () =>
      terms === null
        ? { plan: null, error: null }
        : attempt(() => planStartAuction(loaded.ctx, terms)),
    [terms, loaded],
  )
  return (
    <ActionForm
      loaded={loaded}
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
          At the reserve: {youReceive(asset, loaded.ctx.address, terms.reserve, config.usdcDecimals)}
        </p>
      )}
      {loaded.ctx.state.ask > 0n && (
        <p className="text-sm text-slate-600">Starting the auction ends your listing.</p>
      )}
      <Failure error={result.error} />
    </ActionForm>
  )
}

function AuctionBidBody({ asset, loaded, busy, onConfirm, onClose }: BodyProps) {
  const { config } = useServices()
  const decimals = config.usdcDecimals
  const [text, setText] = useState('')
  const [touched, setTouched] = useState(false)
  const inputId = useId()
  const fmt = (v: bigint) => formatUnits(v, decimals)
  const auction = loaded.ctx.state.auction ?? null
  const minNext = auction === null ? 0n : minNextBid(auction, loaded.ctx.market.usdcDecimals)
  const amount = parseUnits(text, decimals)
  const error = auction === null ? 'No auction is running.' : checkAuctionBid(amount, minNext, fmt)
  const result = useMemo(
    () =>
      error !== null || amount === null
        ? { plan: null, error: null }
        : attempt(() => planAuctionBid(loaded.ctx, amount)),
    [error, amount, loaded],
  )
  const shown = touched ? error : null
  return (
    <ActionForm
      loaded={loaded}
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
          {formatAlgos(AUCTION_DEPOSIT_MICROALGOS)} Algo deposit come back to you.
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

/** Cancel, settle, withdraw: what happens, the fee, Confirm. */
function ConfirmBody({
  kind,
  asset,
  loaded,
  busy,
  onConfirm,
  onClose,
}: BodyProps & { kind: 'cancel-auction' | 'settle' | 'withdraw' }) {
  const { config } = useServices()
  const fmt = (v: bigint) => `${formatUnits(v, config.usdcDecimals)} USDC`
  const r = useMemo(() => simplePlan(kind, loaded), [kind, loaded])
  const a = loaded.ctx.state.auction ?? null
  const text = {
    'cancel-auction': 'The piece comes back to your wallet and the auction ends.',
    settle:
      a === null
        ? ''
        : `The winning bid of ${fmt(a.highestBid)} goes to the seller (less the creator's royalty, if any) and the piece to the winner. You pay only the fee.`,
    withdraw: `${fmt(loaded.held)} and its ${formatAlgos(AUCTION_DEPOSIT_MICROALGOS)} Algo deposit come back to your account.`,
  }[kind]
  return (
    <ActionForm loaded={loaded} plan={r.plan} busy={busy} onConfirm={onConfirm} onClose={onClose}>
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
  const loaded = useAuctionContext(asset, onClose)
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
  if (loaded === null) body = <Spinner />
  else {
    const props: BodyProps = {
      asset,
      loaded,
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
