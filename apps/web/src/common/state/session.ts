/**
 * Wallet connection (docs/product.md §4): connect, restore, select an account, log out; and the
 * account data and user data that follow the selected account.
 */
import { userQuery } from '../lib/endpoints.js'
import { userMessage } from '../lib/errors.js'
import { defaultAccount, lastAccount, rememberAccount } from '../wallet/default-account.js'
import type { Services } from './services.js'
import { LOGGED_OUT, accountAfterConnect } from './store.js'

export function showError(s: Services, e: unknown): void {
  // Error alerts close open modals (docs/product.md §8).
  s.store.set({ alert: { kind: 'error', text: userMessage(e) }, modal: null })
}

/** Loads the account data from the chain; on failure the account list is reloaded. */
export async function refreshAccount(s: Services): Promise<void> {
  const { address, walletName } = s.store.get()
  if (address === null) return
  const chain = await s.chain()
  try {
    const account = await chain.readAccount(address)
    if (s.store.get().address === address) s.store.set({ account })
  } catch (e) {
    if (walletName !== null) {
      const accounts = await chain.resume(walletName).catch(() => [])
      s.store.set({ accounts })
    }
    showError(s, e)
  }
}

/** Loads the user record; a failure gives empty user data (not staff). */
async function loadUser(s: Services): Promise<void> {
  const { address } = s.store.get()
  if (address === null) return
  let isStaff: boolean
  try {
    isStaff = (await s.queryClient.query(userQuery(s.api, address))).is_staff
  } catch {
    isStaff = false
  }
  if (s.store.get().address === address) s.store.set({ user: { isStaff } })
}

async function adoptAccounts(s: Services, walletName: string, accounts: string[]): Promise<void> {
  const stored = s.store.get().address
  const pick = accountAfterConnect(accounts, stored)
  if (!pick.keepWallet) {
    s.store.set({ ...LOGGED_OUT })
    return
  }
  let address = pick.address
  if (stored === null && accounts.length > 0) {
    // A new connection: the last account used here, else the first holding USDC, never simply
    // the wallet's first (a devnet KMD's first is its Algo dispenser).
    const chain = await s.chain()
    const usdc = s.config.usdcId.toString()
    address = await defaultAccount(
      accounts,
      lastAccount(),
      async (a) => (await chain.readAccount(a)).assets.get(usdc) ?? 0n,
    )
  }
  s.store.set({ walletName, accounts, address, connecting: false, user: null })
  if (address !== null) {
    rememberAccount(address)
    const chain = await s.chain()
    chain.selectAccount(walletName, address)
    await Promise.all([refreshAccount(s), loadUser(s)])
  }
}

/** The user picked a wallet in the select-wallet modal. */
export async function connectWallet(s: Services, walletName: string): Promise<void> {
  s.store.set({ connecting: true, modal: null, address: null, account: null, user: null })
  try {
    const chain = await s.chain()
    const accounts = await chain.connect(walletName)
    await adoptAccounts(s, walletName, accounts)
  } catch (e) {
    s.store.set({ ...LOGGED_OUT })
    showError(s, e)
  }
}

/** On load: restore the stored wallet's session, if any. */
export async function restoreWallet(s: Services): Promise<void> {
  const { walletName } = s.store.get()
  if (walletName === null) return
  s.store.set({ connecting: true })
  try {
    const chain = await s.chain()
    const accounts = await chain.resume(walletName)
    if (accounts.length === 0) {
      s.store.set({ ...LOGGED_OUT })
      return
    }
    await adoptAccounts(s, walletName, accounts)
  } catch (e) {
    s.store.set({ ...LOGGED_OUT })
    showError(s, e)
  }
}

/** Selecting an account ignores addresses not listed, then loads account and user data. */
export async function selectAccount(s: Services, address: string): Promise<void> {
  const { accounts, walletName } = s.store.get()
  if (!accounts.includes(address) || walletName === null) return
  s.store.set({ address, account: null, user: null, modal: null })
  rememberAccount(address)
  const chain = await s.chain()
  chain.selectAccount(walletName, address)
  await Promise.all([refreshAccount(s), loadUser(s)])
}

/** Logout clears connection, account, wallet name and account data. */
export async function logout(s: Services): Promise<void> {
  s.store.set({ ...LOGGED_OUT })
  const chain = await s.chain()
  await chain.disconnect()
}
