/**
 * What every trade and auction dialog does before it shows a fee: once the wallet's address is
 * known, read the contract and whatever else the dialog needs from the chain, make sure the
 * account's balances are loaded, and on failure show the error alert and close the dialog
 * (docs/product.md §8). The trade and auction modals differ only in what they read.
 */
import type { Market } from '@unica/contracts'
import type { Asset } from '@unica/schemas'
import { useEffect, useMemo, useState } from 'react'
import type { AccountData } from '../chain/account.js'
import type { ChainSession } from '../chain/session.js'
import { refreshAccount, showError } from '../state/session.js'
import { useServices } from '../state/services.js'
import { useStore } from '../state/store.js'
import { marketOf } from './market-of.js'

/** Where the dialog's reads start from. */
export interface DialogTarget {
  readonly appId: bigint
  readonly market: Market
  /** The connected account's address. */
  readonly address: string
}

export interface DialogFacts<T> {
  readonly facts: T
  readonly account: AccountData
  readonly address: string
}

/**
 * `read` runs again when the app, the address or any of `rereadOn` changes (live updates of the
 * asset, so the dialog's figures follow the chain); it is taken from the render that starts it.
 *
 * `frozen` (the dialog was confirmed and its plan runs): the facts and the account stay as they
 * were at Confirm and nothing is read again. The plan's own trade changes the chain (a new bid of
 * record, an auction started or ended) and its live update arrives before the dialog closes: a
 * form checked against that new state would show an error ("Must be different than current bid")
 * for a trade that succeeded. What the trade really ends in is its own success or refusal.
 */
export function useDialogFacts<T>(
  asset: Asset,
  onFail: () => void,
  read: (chain: ChainSession, target: DialogTarget) => Promise<T>,
  rereadOn: readonly unknown[],
  frozen = false,
): DialogFacts<T> | null {
  const services = useServices()
  const account = useStore(services.store, (s) => s.account)
  const address = useStore(services.store, (s) => s.address)
  const [facts, setFacts] = useState<{ readonly value: T } | null>(null)
  const appId = asset.application_id === null ? null : BigInt(asset.application_id)

  useEffect(() => {
    if (frozen || appId === null || address === null) return
    const alive = { current: true }
    void (async () => {
      try {
        // An app of a version this build does not know cannot be traded here: an error, not a crash.
        const market = marketOf(asset, appId, services.config.usdcId)
        const chain = await services.chain()
        const value = await read(chain, { appId, market, address })
        if (account === null) await refreshAccount(services)
        if (alive.current) setFacts({ value })
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
  }, [frozen, appId, address, services, ...rereadOn])

  const live = useMemo(
    () =>
      facts === null || account === null || address === null || appId === null
        ? null
        : { facts: facts.value, account, address },
    [facts, account, address, appId],
  )
  // The snapshot taken at Confirm (state adjusted while rendering, as React documents it).
  const [held, setHeld] = useState<DialogFacts<T> | null>(null)
  if (frozen && held === null && live !== null) setHeld(live)
  if (!frozen && held !== null) setHeld(null)
  return frozen ? (held ?? live) : live
}
