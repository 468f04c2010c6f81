/**
 * Trading through the asset details page as a user does it: the trade buttons, their modals
 * (amount, fee, Confirm), the success alert; and reading what the page shows.
 */
import { expect, type Locator, type Page } from '@playwright/test'

export const TX_SUCCESS = 'Transaction has been successfully processed.'

/** The value shown beside a term of the asset's facts (Owner, Price, Highest bid, My Bid). */
export function fact(page: Page, term: 'Owner' | 'Price' | 'Highest bid' | 'My Bid'): Locator {
  return page.locator('dl').first().locator(`dt:text-is("${term}") + dd`)
}

export async function expectFacts(
  page: Page,
  facts: { price?: string; highestBid?: string; owner?: string; myBid?: string | null },
): Promise<void> {
  if (facts.price !== undefined) await expect(fact(page, 'Price')).toHaveText(facts.price)
  if (facts.highestBid !== undefined)
    await expect(fact(page, 'Highest bid')).toHaveText(facts.highestBid)
  if (facts.owner !== undefined) await expect(fact(page, 'Owner')).toHaveText(facts.owner)
  if (facts.myBid === null) await expect(fact(page, 'My Bid')).toHaveCount(0)
  else if (facts.myBid !== undefined) await expect(fact(page, 'My Bid')).toHaveText(facts.myBid)
}

/** The success alert of a trade; closes it so the next step sees its own. */
export async function expectSuccess(page: Page): Promise<void> {
  const alert = page.getByRole('status').filter({ hasText: TX_SUCCESS })
  await expect(alert).toBeVisible({ timeout: 60_000 })
  await expect(alert.getByRole('link', { name: 'View the transaction' })).toHaveAttribute(
    'href',
    /\/explorer\/tx\/[A-Z2-7]{52}$/,
  )
  await alert.getByRole('button', { name: 'Close alert' }).click()
  await expect(alert).toBeHidden()
}

const TITLES: Record<string, string> = {
  'Set price': 'Set price',
  'Change price': 'Set price',
  'Place a bid': 'Make offer',
  'Change bid': 'Make offer',
  'Cancel bid': 'Cancel bid',
  'Buy now': 'Buy now',
  'Sell now': 'Sell now',
  'Cancel offer': 'Cancel offer',
}

/** Opens a trade button's modal and, when the action takes one, types the amount. */
export async function openTrade(page: Page, button: string, amount?: string): Promise<Locator> {
  await page.getByRole('main').getByRole('button', { name: button, exact: true }).click()
  const modal = page.getByRole('dialog', { name: TITLES[button] ?? button })
  await expect(modal).toBeVisible()
  if (amount !== undefined) await modal.getByRole('textbox').fill(amount)
  return modal
}

/** Runs a trade to its end: the modal's Confirm, the success alert, the modal gone. */
export async function trade(page: Page, button: string, amount?: string): Promise<void> {
  const modal = await openTrade(page, button, amount)
  await expect(modal.getByText(/^Fee: \d+\.\d+ Algos/)).toBeVisible()
  await modal.getByRole('button', { name: 'Confirm' }).click()
  await expectSuccess(page)
  await expect(modal).toBeHidden()
}

/** The transaction history's rows as text, newest first as the page lists them. */
export function historyRows(page: Page): Locator {
  // The transaction history's table, not the price history's beside it.
  const history = page.getByRole('table').filter({
    has: page.getByRole('columnheader', { name: 'Transaction type', includeHidden: true }),
  })
  return history.locator('tbody tr')
}

/** Expects a row of the history with this type, who and price. */
export async function expectHistory(
  page: Page,
  type: string,
  who: string,
  price: string,
): Promise<void> {
  const row = historyRows(page)
    .filter({ has: cellReading(page, type) })
    .filter({ has: cellReading(page, who) })
    .filter({ has: cellReading(page, price) })
  await expect(row.first()).toBeVisible()
}

/** The history table's column names, which each cell repeats as a label in stacked rows. */
const COLUMN_LABEL = '(?:Transaction type|Who|Price|Transaction|When)?'

/**
 * A table cell whose text is exactly `text` (after its stacked-row column label). By text, not by
 * accessible name: an address carries an icon link to its page whose name ("Profile of …") is not
 * part of what the cell reads.
 */
function cellReading(page: Page, text: string): Locator {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const exact = new RegExp(`^\\s*${COLUMN_LABEL}\\s*${escaped}\\s*$`)
  return page.getByRole('cell').filter({ hasText: exact })
}

/** An asset card of a list page, by the asset's name. */
export function card(page: Page, name: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) })
}

/** A term's value on an asset card. */
export function cardFact(c: Locator, term: 'Price' | 'Highest bid' | 'My Bid'): Locator {
  return c.locator(`dt:text-is("${term}") + dd`)
}

/**
 * Records every error text the page shows from now on: any `role="alert"` element's text (the
 * dialogs' inline errors and the error alert), seen by a MutationObserver in the page, so an error
 * that shows for half a second and goes is caught too. Returns a reader of the record so far.
 */
async function recordErrors(page: Page): Promise<() => Promise<string[]>> {
  // A string, not a function: e2e's own types have no DOM.
  await page.evaluate(`(() => {
    const seen = (window.__unicaErrors = [])
    const look = () => {
      for (const el of document.querySelectorAll('[role="alert"]')) {
        const text = (el.textContent || '').trim()
        if (text !== '' && !seen.includes(text)) seen.push(text)
      }
    }
    look()
    window.__unicaErrorObserver?.disconnect()
    window.__unicaErrorObserver = new MutationObserver(look)
    window.__unicaErrorObserver.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
  })()`)
  return () => page.evaluate<string[]>('window.__unicaErrors')
}

/**
 * Confirms an open dialog and waits for the success alert, recording error text throughout: the
 * dialog is frozen once confirmed, so its own trade's live update never shows an error in it.
 */
export async function confirmWithoutErrors(page: Page, modal: Locator): Promise<void> {
  await expect(modal.getByText(/^Fee: \d+\.\d+ Algos/)).toBeVisible()
  const errors = await recordErrors(page)
  await modal.getByRole('button', { name: 'Confirm' }).click()
  await expectSuccess(page)
  await expect(modal).toBeHidden()
  // Soft: one run reports every dialog that showed an error, not only the first.
  expect.soft(await errors(), 'error text shown while and after confirming').toEqual([])
}
