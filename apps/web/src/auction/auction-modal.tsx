/**
 * The auction dialogs (docs/product.md §2 and §4): Start auction (reserve, duration, minimum
 * raise), Bid in auction (at least the minimum next bid; a deposit returned when outbid), Cancel
 * auction, Settle and Withdraw. Like the trade modals, each reads the contract's state from the
 * chain, shows the true fees of the groups it will send (opt-ins included), checks balances in
 * base units, and runs the plan through the action queue.
 */
import { AUCTION_DEPOSIT, minNextBid } from '@unica/contracts'
import { auctionLimits, contractVersionOf } from '@unica/rules'
import type { Asset } from '@unica/schemas'
import { useId, useMemo, useState, type ReactNode } from 'react'
import { Modal, ModalActions, Spinner } from '../common/components/modal.js'
import { formatAlgos, formatUnits, parseUnits } from '../common/lib/format.js'
import { youReceive } from '../common/lib/royalty.js'
import { useServices } from '../common/state/services.js'
import { useDialogFacts } from '../common/market/dialog-facts.js'
import {
  AmountField,
  ConfirmButton,
  FeeLine,
  usePlanRunner,
} from '../common/market/dialog-parts.js'
import { available, type Plan } from '../common/market/plan.js'
import { fundsError } from '../common/market/funds.js'
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
import { V3_AUCTION_LIMITS } from './validation.js'
import { checkAuctionBid } from './validation.js'

const AUCTION_TITLES: Record<AuctionAction, string> = {
  'start-auction': 'Start auction',
  'auction-bid': 'Bid in auction',
  'cancel-auction': 'Cancel auction',
  settle: 'Settle auction',
  withdraw: 'Withdraw held USDC',
}

/** The context the plans take; on failure the error alert closes the modal. */
function useAuctionContext(
  asset: Asset,
  onFail: () => void,
  frozen: boolean,
): AuctionContext | null {
  const { config } = useServices()
  const loaded = useDialogFacts(
    asset,
    onFail,
    async (chain, { appId, market, address }) => {
      const [state, params] = await Promise.all([chain.readMarket(appId), chain.params()])
      const ids = { appId, usdcId: market.usdcId, nftId: market.nftId }
      const facts = await readAuctionFacts(chain, state, ids, address)
      return { market, state, params, facts, usdcDecimals: config.usdcDecimals }
    },
    // A new highest bid or end (live updates) reads the chain again, so the minimum next bid follows.
    [asset.auction?.highest_bid, asset.auction?.end],
    frozen,
  )
  return useMemo(
    () =>
      loaded === null
        ? null
        : { ...loaded.facts, account: loaded.account, address: loaded.address },
    [loaded],
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

/** What every dialog body gets. */
interface BodyProps {
  readonly asset: Asset
  readonly ctx: AuctionContext
  readonly busy: boolean
  readonly onConfirm: (plan: Plan) => void
  readonly onClose: () => void
}

/**
 * The dialog's frame: the piece's name, the form, the plan's refusal, the fee, the balance check
 * and Confirm.
 */
function ActionForm({
  body: { asset, ctx, busy, onConfirm, onClose },
  result: { plan, error },
  onInvalid,
  children,
}: {
  body: BodyProps
  result: { plan: Plan | null; error: string | null }
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
      <p className="font-medium">{asset.name}</p>
      {children}
      {error !== null && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {plan !== null && <FeeLine plan={plan} />}
      <ModalActions onCancel={onClose}>
        {/* Enabled on an invalid form, so Confirm (or Enter) shows what is wrong. */}
        <ConfirmButton disabled={busy} funds={funds} />
      </ModalActions>
    </form>
  )
}

function StartAuctionBody(props: BodyProps) {
  const { asset, ctx } = props
  const { config } = useServices()
  const version = contractVersionOf(asset.contract_version)
  const limits = (version === null ? null : auctionLimits(version)) ?? V3_AUCTION_LIMITS
  const form = useStartAuctionForm(config.usdcDecimals, limits)
  const terms = form.terms
  const result = useMemo(
    () =>
      terms === null ? { plan: null, error: null } : attempt(() => planStartAuction(ctx, terms)),
    [terms, ctx],
  )
  return (
    <ActionForm body={props} result={result} onInvalid={form.touchAll}>
      <StartAuctionFields form={form} />
      {terms !== null && (
        <p aria-live="polite" className="text-sm font-medium">
          At the reserve: {youReceive(asset, ctx.address, terms.reserve, config.usdcDecimals)}
        </p>
      )}
      {ctx.state.ask > 0n && (
        <p className="text-sm text-slate-600">Starting the auction ends your listing.</p>
      )}
    </ActionForm>
  )
}

function AuctionBidBody(props: BodyProps) {
  const { ctx } = props
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
      body={props}
      result={result}
      onInvalid={() => {
        setTouched(true)
      }}
    >
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
      <AmountField
        id={inputId}
        label="Your bid (USDC)"
        text={text}
        decimals={decimals}
        error={shown}
        hint={
          <>
            At least {fmt(minNext)} USDC. When you are outbid, your USDC and the{' '}
            {formatAlgos(AUCTION_DEPOSIT)} Algo deposit come back to you; when you win, the deposit
            comes back at settlement.
          </>
        }
        onText={(t) => {
          setTouched(true)
          setText(t)
        }}
      />
    </ActionForm>
  )
}

const CONFIRM_PLANS = {
  'cancel-auction': planCancelAuction,
  settle: planSettle,
  withdraw: planWithdraw,
} as const

/** Cancel, settle, withdraw: what happens, the fee, Confirm. */
function ConfirmBody({ kind, ...props }: BodyProps & { kind: keyof typeof CONFIRM_PLANS }) {
  const { ctx } = props
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
    <ActionForm body={props} result={r}>
      {r.error === null && <p className="text-sm">{text}</p>}
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
  const { busy, run } = usePlanRunner(onClose)
  // Once confirmed, the dialog is checked against what it was confirmed on, never the trade's result.
  const ctx = useAuctionContext(asset, onClose, busy)

  let body: ReactNode
  if (ctx === null) body = <Spinner />
  else {
    const props: BodyProps = {
      asset,
      ctx,
      busy,
      onClose,
      onConfirm: (plan) => void run(plan),
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
