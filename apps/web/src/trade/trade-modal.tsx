/**
 * The trade modals (docs/product.md §4 and §5): buy now, make offer, set price, sell now and the
 * cancels. Each loads the contract's state and the user's bid from the chain, shows the true fees
 * of the groups it will send (opt-ins included), checks the balances in base units, and runs the
 * plan through the action queue.
 */
import type { Asset } from '@unica/schemas'
import { useEffect, useId, useMemo, useState } from 'react'
import type { ManagerState } from '@unica/contracts'
import { Modal, ModalActions, Spinner, buttonClass, inputClass } from '../components/modal.js'
import {
  formatAlgos,
  formatUnits,
  parseUnits,
  sanitizeAmountInput,
  shortAddress,
} from '../lib/format.js'
import { refreshAccount, showError } from '../state/session.js'
import { useServices } from '../state/services.js'
import { useStore } from '../state/store.js'
import { MODAL_TITLES, type TradeKind } from './buttons.js'
import {
  available,
  isOwner,
  planAsk,
  planBid,
  planBuyNow,
  planCancelAsk,
  planSellNow,
  type Plan,
  type TradeContext,
} from './plan.js'
import { youReceive } from '../lib/royalty.js'
import { marketOf } from './market-of.js'
import { fillabilityQuery, type MarketFillability } from './fillability.js'
import { runPlan } from './run.js'
import {
  buyNowPrecondition,
  cancelAskPrecondition,
  cancelBidPrecondition,
  fundsError,
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
function useTradeContext(asset: Asset, onFail: () => void): Loaded | null {
  const services = useServices()
  const account = useStore(services.store, (s) => s.account)
  const address = useStore(services.store, (s) => s.address)
  const [loaded, setLoaded] = useState<
    | (Omit<Loaded, 'ctx'> & {
        state: ManagerState
        market: TradeContext['market']
        fill: MarketFillability
        myBid: bigint
        params: TradeContext['params']
      })
    | null
  >(null)
  const appId = asset.application_id === null ? null : BigInt(asset.application_id)

  useEffect(() => {
    if (appId === null || address === null) return
    const alive = { current: true }
    void (async () => {
      try {
        // An app of a version this build does not know cannot be traded here: an error, not a crash.
        const market = marketOf(asset, appId, services.config.usdcId)
        const chain = await services.chain()
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
        if (account === null) await refreshAccount(services)
        if (alive.current) {
          setLoaded({
            state,
            market,
            myBid,
            params,
            best: hb === null || bestBid === 0n ? null : { sender: hb.sender, bid: bestBid },
            fill,
          })
        }
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
  }, [appId, address, services, asset.highest_bid])

  if (loaded === null || account === null || address === null || appId === null) return null
  return {
    best: loaded.best,
    fill: loaded.fill,
    ctx: {
      address,
      account,
      market: loaded.market,
      state: loaded.state,
      myBid: loaded.myBid,
      params: loaded.params,
    },
  }
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
  const loaded = useTradeContext(asset, onClose)
  const [text, setText] = useState('')
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
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
    setBusy(true)
    try {
      await runPlan(services, result.plan)
      onClose()
    } catch (e) {
      // Error alerts close open modals (docs/product.md §8).
      showError(services, e)
      onClose()
    } finally {
      setBusy(false)
    }
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
            <div>
              <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
                {kind === 'bid' ? 'Your offer (USDC)' : 'Price (USDC)'}
              </label>
              <input
                id={inputId}
                inputMode="decimal"
                autoComplete="off"
                className={inputClass}
                value={text}
                aria-invalid={inputError != null}
                aria-describedby={inputError != null ? `${inputId}-error` : undefined}
                onChange={(e) => {
                  setTouched(true)
                  setText(sanitizeAmountInput(e.target.value, decimals))
                }}
              />
              {inputError != null && (
                <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-700">
                  {inputError}
                </p>
              )}
            </div>
          )}
          {netText !== null && (
            <p aria-live="polite" className="text-sm font-medium">
              {netText}
            </p>
          )}
          {blockingError != null && (
            <p role="alert" className="text-sm text-red-700">
              {blockingError}
            </p>
          )}
          {result.plan !== null && (
            <p className="text-sm text-slate-600">
              Fee: {formatAlgos(result.plan.fees)} Algos
              {result.plan.needed.algos > result.plan.fees &&
                ` (plus ${formatAlgos(result.plan.needed.algos - result.plan.fees)} Algos held as deposit or minimum balance)`}
            </p>
          )}
          <ModalActions onCancel={onClose}>
            <button
              type="submit"
              className={buttonClass}
              disabled={busy || result.plan === null || funds !== null}
              title={funds ?? undefined}
            >
              {funds ?? 'Confirm'}
            </button>
          </ModalActions>
        </form>
      )}
    </Modal>
  )
}
