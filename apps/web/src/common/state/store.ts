/**
 * The one small store (docs/architecture.md §4.5): wallet, account, user data, alert and the
 * queue's flags. Server state lives in TanStack Query; this holds only what the session owns. Local
 * storage keeps the wallet name and the account address (docs/product.md §1).
 */
import { useSyncExternalStore } from 'react'
import type { AccountData } from '../chain/account.js'

interface Alert {
  readonly kind: 'success' | 'error'
  readonly text: string
  /** A transaction to link to on the explorer. */
  readonly txId?: string
}

interface User {
  readonly isStaff: boolean
}

export interface AppState {
  /** The connected wallet's id (use-wallet's WalletId), or null. */
  readonly walletName: string | null
  readonly accounts: readonly string[]
  readonly address: string | null
  /** Connecting or restoring a wallet session: the account button says 'Please wait...'. */
  readonly connecting: boolean
  /** Null until fetched; failures give empty user data (not staff). */
  readonly user: User | null
  readonly account: AccountData | null
  readonly alert: Alert | null
  readonly pendingAction: string | null
  readonly pendingUpdate: string | null
  /** Which modal the shell shows. */
  readonly modal: 'select-wallet' | 'select-account' | null
}

export const STORAGE_KEYS = { walletName: 'unica.walletName', account: 'unica.account' } as const

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function initialState(): AppState {
  return {
    walletName: stored(STORAGE_KEYS.walletName),
    accounts: [],
    address: stored(STORAGE_KEYS.account),
    connecting: false,
    user: null,
    account: null,
    alert: null,
    pendingAction: null,
    pendingUpdate: null,
    modal: null,
  }
}

export interface Store {
  get: () => AppState
  set: (patch: Partial<AppState>) => void
  subscribe: (listener: () => void) => () => void
}

export function createStore(initial: AppState = initialState()): Store {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set(patch) {
      const next = { ...state, ...patch }
      // An alert belongs to the account and wallet it was raised for (docs/product.md §2): a
      // switch or a logout clears it, unless the same change raises its own.
      const switched = next.address !== state.address || next.walletName !== state.walletName
      state = switched && !('alert' in patch) ? { ...next, alert: null } : next
      persist(state)
      for (const l of listeners) l()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

function persist(s: AppState): void {
  try {
    for (const [key, value] of [
      [STORAGE_KEYS.walletName, s.walletName],
      [STORAGE_KEYS.account, s.address],
    ] as const) {
      if (value === null) localStorage.removeItem(key)
      else localStorage.setItem(key, value)
    }
  } catch {
    // Storage may be disabled (private mode); the session still works without it.
  }
}

export function useStore<T>(store: Store, select: (s: AppState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()))
}

/**
 * Which account to use after the wallet listed its accounts (docs/product.md §4): the stored one if
 * still listed; the first when none was stored; none (and no wallet) when the stored one is gone.
 */
export function accountAfterConnect(
  accounts: readonly string[],
  storedAddress: string | null,
): { address: string | null; keepWallet: boolean } {
  if (storedAddress === null) return { address: accounts[0] ?? null, keepWallet: true }
  if (accounts.includes(storedAddress)) return { address: storedAddress, keepWallet: true }
  return { address: null, keepWallet: false }
}

/** Logout clears connection, account, wallet name and account data. */
export const LOGGED_OUT: Partial<AppState> = {
  walletName: null,
  accounts: [],
  address: null,
  connecting: false,
  user: null,
  account: null,
  modal: null,
}
