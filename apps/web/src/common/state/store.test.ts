import { describe, expect, it } from 'vitest'
import { CONFIG } from '../../test/harness.js'
import { createServices } from './services.js'
import { selectAccount } from './session.js'
import {
  LOGGED_OUT,
  STORAGE_KEYS,
  accountAfterConnect,
  createStore,
  initialState,
} from './store.js'

describe('accountAfterConnect', () => {
  it('picks the first account when none was selected', () => {
    expect(accountAfterConnect(['A', 'B'], null)).toEqual({ address: 'A', keepWallet: true })
  })
  it('keeps the stored account when it is still listed', () => {
    expect(accountAfterConnect(['A', 'B'], 'B')).toEqual({ address: 'B', keepWallet: true })
  })
  it('clears the selection and the wallet when the stored account is gone', () => {
    expect(accountAfterConnect(['A'], 'C')).toEqual({ address: null, keepWallet: false })
  })
  it('has no account to pick from an empty list', () => {
    expect(accountAfterConnect([], null)).toEqual({ address: null, keepWallet: true })
  })
})

describe('store', () => {
  it('keeps the wallet name and account address in local storage', () => {
    const store = createStore(initialState())
    store.set({ walletName: 'lute', address: 'ADDR' })
    expect(localStorage.getItem(STORAGE_KEYS.walletName)).toBe('lute')
    expect(localStorage.getItem(STORAGE_KEYS.account)).toBe('ADDR')
    expect(initialState().walletName).toBe('lute')
    expect(initialState().address).toBe('ADDR')
  })
  it('logout clears connection, account, wallet name and account data', () => {
    const store = createStore(initialState())
    store.set({ walletName: 'lute', address: 'ADDR', accounts: ['ADDR'], user: { isStaff: true } })
    store.set(LOGGED_OUT)
    const s = store.get()
    expect([s.walletName, s.address, s.accounts, s.user, s.account]).toEqual([
      null,
      null,
      [],
      null,
      null,
    ])
    expect(localStorage.getItem(STORAGE_KEYS.walletName)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.account)).toBeNull()
  })
  it('clears an alert when the account or the wallet changes, or on logout', () => {
    const store = createStore(initialState())
    const alert = { kind: 'success', text: 'Done.', txId: 'T' } as const
    store.set({ walletName: 'kmd', address: 'A', alert })
    expect(store.get().alert).toEqual(alert)
    store.set({ account: null, user: { isStaff: false } })
    expect(store.get().alert).toEqual(alert)
    store.set({ address: 'B' })
    expect(store.get().alert).toBeNull()
    store.set({ alert })
    store.set({ walletName: 'lute' })
    expect(store.get().alert).toBeNull()
    store.set({ alert })
    store.set(LOGGED_OUT)
    expect(store.get().alert).toBeNull()
    // A change that raises its own alert keeps it (a failed connect logs out, then says why).
    const error = { kind: 'error', text: 'Could not connect.' } as const
    store.set({ walletName: 'kmd', address: 'A', alert: error })
    expect(store.get().alert).toEqual(error)
  })
})

describe('selectAccount', () => {
  it('ignores an address the wallet did not list', async () => {
    const store = createStore({
      ...initialState(),
      walletName: 'kmd',
      accounts: ['A'],
      address: 'A',
    })
    const services = createServices(CONFIG, {
      store,
      chain: () => Promise.reject(new Error('not reached')),
    })
    await selectAccount(services, 'EVIL')
    expect(store.get().address).toBe('A')
  })
})
