/**
 * The shell (docs/product.md §2): navigation bar, alert banner, the page, footer, the wallet modals
 * and the blocking progress modal. Scroll resets to the top on navigation. What features add to
 * the shell (the search box, the notification bell, the account menu's session entries) comes in
 * as slots from the composition root (app.tsx): shared code imports no feature.
 */
import { useEffect, type ReactNode } from 'react'
import { Link, NavLink, Outlet, useLocation } from 'react-router'
import { discoveryPaths } from '../routing/discovery-paths.js'
import { explorerTxUrl } from '../lib/config.js'
import { paths } from '../routing/paths.js'
import { useServices } from '../state/services.js'
import { useStore } from '../state/store.js'
import { SelectAccountModal } from '../wallet/select-account-modal.js'
import { SelectWalletModal } from '../wallet/select-wallet-modal.js'
import { AccountButton, type MenuItemsSlot } from './account-button.js'
import { Modal, Spinner } from './modal.js'

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 hover:text-indigo-600 ${isActive ? 'font-semibold text-indigo-700' : ''}`

/** What the features put in the shell. */
export interface ShellSlots {
  /** The navigation bar's search box. */
  readonly search?: ReactNode
  /** Beside the account button: the notification bell. */
  readonly bell?: ReactNode
  /** The account menu's entries for the signed-in session. */
  readonly sessionItems?: MenuItemsSlot
}

function NavBar({ slots }: { slots: ShellSlots }) {
  return (
    <header className="border-b border-slate-200">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link to={paths.home} className="text-xl font-bold tracking-tight">
          Unica
        </Link>
        <nav
          aria-label="Main"
          className="order-3 flex w-full gap-2 overflow-x-auto sm:order-none sm:w-auto"
        >
          <NavLink to={paths.home} end className={navClass}>
            Home
          </NavLink>
          <NavLink to={paths.featured} className={navClass}>
            Featured
          </NavLink>
          <NavLink to={paths.allItems} className={navClass}>
            All items
          </NavLink>
          <NavLink to={paths.recent} className={navClass}>
            Recent
          </NavLink>
        </nav>
        {/* Discovery's additions sit beside the spec's navigation, not inside it. */}
        <div className="order-2 flex w-full items-center gap-3 sm:order-none sm:w-auto">
          {slots.search}
          <NavLink to={discoveryPaths.activity} className={navClass}>
            Activity
          </NavLink>
        </div>
        {/* The bell's panel hangs from this group's right edge (the header's), so on a phone it
            stays on screen however wide the account button is. */}
        <div className="relative flex items-center gap-1">
          {slots.bell}
          <AccountButton sessionItems={slots.sessionItems} />
        </div>
      </div>
    </header>
  )
}

function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:justify-between">
        <nav aria-label="Footer" className="flex flex-wrap gap-4">
          <Link to={paths.allItems}>All items</Link>
          <Link to={paths.forSale}>For sale</Link>
          <Link to={paths.highestBids}>Highest bids</Link>
          <Link to={paths.recent}>Recent</Link>
          <Link to={paths.endingSoon}>Ending soon</Link>
        </nav>
        <div className="flex flex-col gap-1 text-sm text-slate-600 sm:items-end">
          {/* Beside the spec's footer links: funds never depend on our server (issue 14). */}
          <Link to={paths.rescue}>Rescue your funds without our server</Link>
          <a href="https://x.com/algorand" rel="noopener noreferrer" target="_blank">
            Follow us on X
          </a>
          <p>© {new Date().getFullYear()} Unica. All rights reserved.</p>
        </div>
      </div>
    </footer>
  )
}

function AlertBanner() {
  const { store, config } = useServices()
  const alert = useStore(store, (s) => s.alert)
  if (alert === null) return null
  const success = alert.kind === 'success'
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={`flex items-start justify-between gap-4 px-4 py-3 ${success ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
    >
      <p>
        {alert.text}
        {alert.txId !== undefined && (
          <>
            {' '}
            <a
              className="underline"
              href={explorerTxUrl(config, alert.txId)}
              target="_blank"
              rel="noopener noreferrer"
            >
              View the transaction
            </a>
          </>
        )}
      </p>
      <button
        type="button"
        aria-label="Close alert"
        className="text-xl leading-none"
        onClick={() => {
          store.set({ alert: null })
        }}
      >
        ×
      </button>
    </div>
  )
}

function ProgressModal() {
  const { store } = useServices()
  const text = useStore(store, (s) => s.pendingAction ?? s.pendingUpdate)
  if (text === null) return null
  return (
    <Modal title="Please wait" blocking>
      <div className="flex items-center gap-3">
        <Spinner label={text} />
        <p>{text}</p>
      </div>
    </Modal>
  )
}

function ScrollReset() {
  const { pathname } = useLocation()
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}

export function Layout({ slots = {} }: { slots?: ShellSlots }) {
  const { store } = useServices()
  const modal = useStore(store, (s) => s.modal)
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollReset />
      <NavBar slots={slots} />
      <AlertBanner />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <Footer />
      {modal === 'select-wallet' && <SelectWalletModal />}
      {modal === 'select-account' && <SelectAccountModal />}
      <ProgressModal />
    </div>
  )
}
