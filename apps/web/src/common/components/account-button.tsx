/**
 * The account button of the navigation bar and its dropdown (docs/product.md §2): Connect to
 * wallet; the abbreviated address; No accounts; Please wait...; entries by role, the session's
 * entries, and Disconnect wallet. The session's entries belong to a feature (personal), so the
 * shell passes them in (`sessionItems`) rather than this shared button importing them.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { shortAddress } from '../lib/format.js'
import { paths } from '../routing/paths.js'
import { logout } from '../state/session.js'
import { useServices } from '../state/services.js'
import { useStore, type AppState } from '../state/store.js'
import { MenuAction, menuItemClass as item } from './menu-item.js'
import { buttonClass } from './modal.js'

export function accountButtonLabel(s: AppState): string {
  if (s.connecting) return 'Please wait...'
  if (s.walletName === null) return 'Connect to wallet'
  if (s.address === null) return s.accounts.length === 0 ? 'No accounts' : 'Please wait...'
  return shortAddress(s.address)
}

/** Renders the session's menu entries; `close` closes the menu once one is chosen. */
export type MenuItemsSlot = (close: () => void) => ReactNode

export function AccountButton({ sessionItems }: { sessionItems?: MenuItemsSlot }) {
  const services = useServices()
  const { store } = services
  const state = useStore(store, (s) => s)
  const [open, setOpen] = useState(false)
  const menuRef = useRef<HTMLDivElement>(null)
  const label = accountButtonLabel(state)

  useEffect(() => {
    if (!open) return
    const close = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    return () => {
      document.removeEventListener('mousedown', close)
    }
  }, [open])

  if (state.walletName === null && !state.connecting) {
    return (
      <button
        type="button"
        className={buttonClass}
        onClick={() => {
          store.set({ modal: 'select-wallet' })
        }}
      >
        Connect to wallet
      </button>
    )
  }
  if (state.connecting) {
    return (
      <button type="button" className={buttonClass} disabled>
        {label}
      </button>
    )
  }

  const isStaff = state.user?.isStaff === true
  const close = () => {
    setOpen(false)
  }
  return (
    <div
      className="relative"
      ref={menuRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false)
      }}
    >
      <button
        type="button"
        className={buttonClass}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          setOpen((o) => !o)
        }}
      >
        {label}
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-40 mt-2 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          <MenuAction
            onChoose={close}
            run={() => {
              store.set({ modal: 'select-account' })
            }}
          >
            Select Account
          </MenuAction>
          {state.address !== null && (
            <>
              {isStaff ? (
                <Link role="menuitem" className={item} to={paths.addAsset} onClick={close}>
                  Create new NFT
                </Link>
              ) : (
                <Link role="menuitem" className={item} to={paths.becomeCreator} onClick={close}>
                  Become a Creator
                </Link>
              )}
              {isStaff && (
                <Link role="menuitem" className={item} to={paths.createdAssets} onClick={close}>
                  Created NFTs
                </Link>
              )}
              {isStaff && (
                <Link role="menuitem" className={item} to={paths.console} onClick={close}>
                  Staff console
                </Link>
              )}
              <Link role="menuitem" className={item} to={paths.myNfts} onClick={close}>
                My NFTs
              </Link>
              <Link role="menuitem" className={item} to={paths.myBids} onClick={close}>
                My bids
              </Link>
              {sessionItems?.(close)}
            </>
          )}
          {/* Not "Log out": the session has its own Sign in / Sign out (the `sessionItems` slot). */}
          <MenuAction
            onChoose={close}
            run={() => void logout(services)}
            hint="Forgets the wallet in this browser"
          >
            Disconnect wallet
          </MenuAction>
        </div>
      )}
    </div>
  )
}
