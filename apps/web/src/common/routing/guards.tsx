/**
 * Route guards (docs/product.md §2 and §5). 'Back' is one step back in history when there is
 * history and the user is staff, otherwise the Home route. Wallet-gated screens send the user back
 * when no account is connected; staff-only screens also when the user (once fetched) is not staff.
 */
import { useEffect, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useServices } from '../state/services.js'
import { useStore } from '../state/store.js'
import { paths } from './paths.js'

export function useBack(): () => void {
  const navigate = useNavigate()
  const { store } = useServices()
  // The router keys the first page of the session 'default': there is no history before it.
  const hasHistory = useLocation().key !== 'default'
  return () => {
    const isStaff = store.get().user?.isStaff === true
    if (isStaff && hasHistory) void navigate(-1)
    else void navigate(paths.home, { replace: true })
  }
}

export function RequireWallet({ children }: { children: ReactNode }) {
  const { store } = useServices()
  const address = useStore(store, (s) => s.address)
  const waiting = useStore(store, (s) => s.connecting)
  const back = useBack()
  const missing = address === null && !waiting
  useEffect(() => {
    if (missing) back()
  })
  return address === null ? null : <>{children}</>
}

export function RequireStaff({ children }: { children: ReactNode }) {
  const { store } = useServices()
  const address = useStore(store, (s) => s.address)
  const waiting = useStore(store, (s) => s.connecting)
  const user = useStore(store, (s) => s.user)
  const back = useBack()
  const refused = !waiting && (address === null || (user !== null && !user.isStaff))
  useEffect(() => {
    if (refused) back()
  })
  return address !== null && user?.isStaff === true ? <>{children}</> : null
}
