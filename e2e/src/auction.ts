/**
 * Auctions (manager v3) through the details page as users work them: the Start auction dialog,
 * Bid in auction, the panel's countdown and bids.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { expectSuccess } from './market.js'

/** The details page's Auction panel. */
export function auctionPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Auction' })
}

/** A term's value in the Auction panel (Reserve, Highest bid, Minimum next bid, ...). */
export function auctionFact(page: Page, term: string): Locator {
  return auctionPanel(page).locator(`dt:text-is("${term}") + dd`)
}

/** The countdown's visible text (the seconds screen readers do not hear). */
export function countdown(page: Page): Locator {
  return auctionPanel(page).getByRole('timer').locator('[aria-hidden="true"]')
}

export interface StartTerms {
  readonly reserve: string
  /** A preset's label ('1 hour', '24 hours', ...). */
  readonly duration: string
  readonly raisePercent: string
}

/** Opens Start auction, fills it, and returns the dialog (not yet confirmed). */
export async function openStartAuction(page: Page, terms: StartTerms): Promise<Locator> {
  await page.getByRole('main').getByRole('button', { name: 'Start auction', exact: true }).click()
  const modal = page.getByRole('dialog', { name: 'Start auction' })
  await expect(modal).toBeVisible()
  await modal.getByLabel('Reserve (USDC)').fill(terms.reserve)
  await modal.getByLabel('Duration').selectOption({ label: terms.duration })
  await modal.getByLabel('Minimum raise in percent').fill(terms.raisePercent)
  return modal
}

/** Confirms a dialog that shows its fee, then waits for the success alert and the dialog gone. */
export async function confirmWithFee(page: Page, modal: Locator): Promise<void> {
  await expect(modal.getByText(/^Fee: \d+\.\d+ Algos/)).toBeVisible()
  await modal.getByRole('button', { name: 'Confirm' }).click()
  await expectSuccess(page)
  await expect(modal).toBeHidden()
}

/** Opens Bid in auction and types the amount; returns the dialog. */
export async function openAuctionBid(page: Page, amount: string): Promise<Locator> {
  await auctionPanel(page).getByRole('button', { name: 'Bid in auction' }).click()
  const modal = page.getByRole('dialog', { name: 'Bid in auction' })
  await expect(modal).toBeVisible()
  await modal.getByLabel('Your bid (USDC)').fill(amount)
  return modal
}

export async function bidInAuction(page: Page, amount: string): Promise<void> {
  await confirmWithFee(page, await openAuctionBid(page, amount))
}
