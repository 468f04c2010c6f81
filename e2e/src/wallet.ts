/**
 * The wallet, as a user works it: connect the devnet's KMD wallet through the Select wallet
 * modal (its default wallet has an empty password, so it asks nothing), pick an account in the
 * Select account modal, disconnect the wallet.
 */
import { expect, type Page } from '@playwright/test'

/** An address as the UI abbreviates it: first 3 chars, '...', last 3 chars (docs/product.md §2). */
export function shortAddress(address: string): string {
  return `${address.slice(0, 3)}...${address.slice(-3)}`
}

export async function connectKmd(page: Page, address: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect to wallet' }).click()
  const modal = page.getByRole('dialog', { name: 'Select wallet' })
  await modal.getByRole('button', { name: /KMD/ }).click()
  await expect(modal).toBeHidden()
  await expect(page.getByRole('button', { name: /^[A-Z2-7]{3}\.\.\.[A-Z2-7]{3}$/ })).toBeVisible()
  await selectAccount(page, address)
}

export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^[A-Z2-7]{3}\.\.\.[A-Z2-7]{3}$/ }).click()
  await expect(page.getByRole('menu')).toBeVisible()
}

export async function selectAccount(page: Page, address: string): Promise<void> {
  await openAccountMenu(page)
  await page.getByRole('menuitem', { name: 'Select Account' }).click()
  const modal = page.getByRole('dialog', { name: 'Select account' })
  // Each account is a radio named by its whole address and its balances.
  await modal.getByRole('radio', { name: new RegExp(`^${address}`) }).check()
  await modal.getByRole('button', { name: 'Select' }).click()
  await expect(modal).toBeHidden()
  await expect(page.getByRole('button', { name: shortAddress(address), exact: true })).toBeVisible()
}

/** Opens an entry of the account menu ('My NFTs', 'My bids', 'Created NFTs', ...). */
export async function menu(page: Page, entry: string): Promise<void> {
  await openAccountMenu(page)
  await page.getByRole('menuitem', { name: entry }).click()
}
