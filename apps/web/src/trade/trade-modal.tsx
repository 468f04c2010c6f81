/**
 * The trade modals (docs/product.md §4 and §5): buy now, make offer, set price, sell now and the
 * cancels. Each loads the contract's state and the user's bid from the chain, shows the true fees
 * of the groups it will send (opt-ins included), checks the balances in base units, and runs the
 * plan through the action queue.
 */
import type { Asset } from '@unica/schemas'
import { useId, useMemo, useState } from 'react'
import { Modal, ModalActions, Spinner } from '../common/components/modal.js'
import { formatUnits, parseUnits, shortAddress } from '../common/lib/format.js'
import { useServices } from '../common/state/services.js'
import { MODAL_TITLES, type TradeKind } from './buttons.js'
import { isOwner, planAsk, planBid, planBuyNow, planCancelAsk, planSellNow } from './plan.js'
import { available, type Plan, type TradeContext } from '../common/market/plan.js'
import { youReceive } from '../common/lib/royalty.js'
import { RoyaltySplit } from '../common/components/royalty-facts.js'
import { useDialogFacts } from '../common/market/dialog-facts.js'
import {
  AmountField,
  ConfirmButton,
  FeeLine,
  usePlanRunner,
} from '../common/market/dialog-parts.js'
import { fundsError } from '../common/market/funds.js'
import { fillabilityQuery, type MarketFillability } from './fillability.js'
import {
  buyNowPrecondition,
  cancelAskPrecondition,
  cancelBidPrecondition,
  sellNowPrecondition,
  validateAsk,
  validateOffer,
} from './validation.js'

interface Loaded {
  readonly ctx: TradeContext
  /** Whether the listing and the highest bid can be filled (audit fix 3). */
  readonly fill: MarketFillability
  /** The highest bidder and their bid of record, for sell now. */
  readonly best: { readonly sender: string; readonly bid: bigint } | null
}

/** Loads what a trade needs from the chain; on failure the error alert closes the modal. */
function useTradeContext(asset: Asset, onFail: () => void, frozen: boolean): Loaded | null {
  const services = useServices()
  const loaded = useDialogFacts(
    asset,
    onFail,
    async (chain, { appId, market, address }) => {
      const [state, myBid, params] = await Promise.all([
        chain.readMarket(appId),
        chain.readBid(appId, address),
        chain.params(),
      ])
      // Sell now goes to the highest bid the chain can fill (audit fix 3), the same read the
      // details page shows (cached); the bid of record is read again from its box.
      const fill = await services.queryClient.query(fillabilityQuery(services, asset))
      const hb = fill.bestFillable
      const bestBid = hb === null ? 0n : await chain.readBid(appId, hb.sender)
      const best = hb === null || bestBid === 0n ? null : { sender: hb.sender, bid: bestBid }
      return { best, fill, market, state, myBid, params }
    },
    [asset.highest_bid],
    frozen,
  )
  return useMemo(() => {
    if (loaded === null) return null
    const { best, fill, ...read } = loaded.facts
    return { best, fill, ctx: { ...read, address: loaded.address, account: loaded.account } }
  }, [loaded])
}

/** The plan for an action, or the message that stops it. */
function planFor(
  kind: TradeKind,
  loaded: Loaded,
  amount: bigint | null,
): { plan: Plan | null; error: string | null } {
  const { ctx, best, fill } = loaded
  const owner = isOwner(ctx)
  try {
    switch (kind) {
      case 'buy-now': {
        const blocked = fill.listing?.fillable === false ? fill.listing.why : null
        const e = blocked ?? buyNowPrecondition(ctx.state.ask)
        return e !== null ? { plan: null, error: e } : { plan: planBuyNow(ctx), error: null }
      }
      case 'bid': {
        const e = validateOffer(amount, ctx.myBid, ctx.state.ask)
        return e !== null ? { plan: null, error: e } : { plan: planBid(ctx, amount!), error: null }
      }
      case 'cancel-bid': {
        const e = cancelBidPrecondition(ctx.myBid)
        return e !== null ? { plan: null, error: e } : { plan: planBid(ctx, 0n), error: null }
      }
      case 'set-price': {
        const e = validateAsk(amount, ctx.state.ask, best?.bid ?? 0n)
        return e !== null ? { plan: null, error: e } : { plan: planAsk(ctx, amount!), error: null }
      }
      case 'cancel-ask': {
        const e = cancelAskPrecondition(owner, ctx.state.ask)
        return e !== null ? { plan: null, error: e } : { plan: planCancelAsk(ctx), error: null }
      }
      case 'sell-now': {
        // Every bid unfillable: say why instead of offering a sale the chain would refuse.
        const none =
          best === null && fill.highestBid?.fillable === false ? fill.highestBid.why : null
        const e = none ?? sellNowPrecondition(owner, best?.bid ?? 0n)
        return e !== null
          ? { plan: null, error: e }
          : { plan: planSellNow(ctx, best!.sender, best!.bid), error: null }
      }
    }
  } catch (e) {
    return { plan: null, error: e instanceof Error ? e.message : String(e) }
  }
}

export function TradeModal({
  kind,
  asset,
  onClose,
}: {
  kind: TradeKind
  asset: Asset
  onClose: () => void
}) {
  const services = useServices()
  const decimals = services.config.usdcDecimals
  const { busy, run } = usePlanRunner(onClose)
  // Once confirmed, the dialog is checked against what it was confirmed on, never the trade's result.
  const loaded = useTradeContext(asset, onClose, busy)
  const [text, setText] = useState('')
  const [touched, setTouched] = useState(false)
  const inputId = useId()
  const withAmount = kind === 'bid' || kind === 'set-price'
  const amount = withAmount ? parseUnits(text, decimals) : null

  const result = useMemo(
    () => (loaded === null ? null : planFor(kind, loaded, amount)),
    [kind, loaded, amount],
  )
  const funds =
    loaded !== null && result?.plan != null
      ? fundsError(result.plan.needed, available(loaded.ctx))
      : null

  async function confirm() {
    if (result?.plan == null || funds !== null) return
    await run(result.plan)
  }

  const fmt = (v: bigint) => `${formatUnits(v, decimals)} USDC`
  // What the seller receives before signing (docs/product.md §3): the price less the royalty.
  const sale =
    kind === 'set-price' ? amount : kind === 'sell-now' ? (loaded?.best?.bid ?? null) : null
  const netText =
    loaded !== null && sale !== null && sale > 0n
      ? youReceive(asset, loaded.ctx.address, sale, decimals)
      : null
  const inputError = withAmount && touched ? result?.error : null
  const blockingError = !withAmount ? result?.error : null

  return (
    <Modal title={MODAL_TITLES[kind]} onClose={onClose}>
      {loaded === null || result === null ? (
        <Spinner />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void confirm()
          }}
          className="flex flex-col gap-4"
        >
          <p className="font-medium">{asset.name}</p>
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt className="text-slate-500">Price</dt>
            <dd>{loaded.ctx.state.ask > 0n ? fmt(loaded.ctx.state.ask) : '—'}</dd>
            <dt className="text-slate-500">
              {loaded.fill.highestBid?.fillable === false ? 'Highest fillable bid' : 'Highest bid'}
            </dt>
            <dd>{loaded.best !== null ? fmt(loaded.best.bid) : '—'}</dd>
            {loaded.ctx.myBid > 0n && (
              <>
                <dt className="text-slate-500">My Bid</dt>
                <dd>{fmt(loaded.ctx.myBid)}</dd>
              </>
            )}
            {kind === 'sell-now' && loaded.best !== null && (
              <>
                <dt className="text-slate-500">Buyer</dt>
                <dd>{shortAddress(loaded.best.sender)}</dd>
              </>
            )}
          </dl>
          {withAmount && (
            <AmountField
              id={inputId}
              label={kind === 'bid' ? 'Your offer (USDC)' : 'Price (USDC)'}
              text={text}
              decimals={decimals}
              error={inputError}
              onText={(t) => {
                setTouched(true)
                setText(t)
              }}
            />
          )}
          {netText !== null && (
            <p aria-live="polite" className="text-sm font-medium">
              {netText}
            </p>
          )}
          {sale !== null && sale > 0n && (
            <RoyaltySplit
              asset={asset}
              seller={loaded.ctx.address}
              price={sale}
              usdcDecimals={decimals}
            />
          )}
          {blockingError != null && (
            <p role="alert" className="text-sm text-red-700">
              {blockingError}
            </p>
          )}
          {result.plan !== null && <FeeLine plan={result.plan} />}
          <ModalActions onCancel={onClose}>
            <ConfirmButton disabled={busy || result.plan === null} funds={funds} />
          </ModalActions>
        </form>
      )}
    </Modal>
  )
}
