/**
 * The market's history, live and in its own words (issue 29), on the seeded demo:
 * - a sale made in another browser shows, without a reload, in the home page's latest sales and
 *   24 h figures, in /activity's rows and in the piece's price history, all open in one browser;
 * - an auction reads as one in the price history, its chart's legend and /activity (started at a
 *   reserve, bid, sold at auction to the winner, not to the operator that settled it), and its
 *   settlement by the worker appears on the open pages without a reload.
 */
import type { Locator, Page } from '@playwright/test'
import { accountNamed, advanceChainTime } from '../src/chain.js'
import { expect, test } from '../src/fixtures.js'
import { expectSuccess, openTrade } from '../src/market.js'
import { connectKmd, shortAddress } from '../src/wallet.js'

/** A seeded piece listed at 75 USDC, never sold. */
const LISTED = 'Saffron Field'
/** A seeded v3 piece at auction for 168 hours, reserve 50 USDC, with Wallet4's bid of 55. */
const AUCTIONED = 'Slow Comet'

/** A mark a reload would lose: it proves a page changed in place. */
async function mark(page: Page): Promise<void> {
  await page.evaluate(() => {
    ;(globalThis as { liveMark?: true }).liveMark = true
  })
}

async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (globalThis as { liveMark?: true }).liveMark)).toBe(true)
}

/** The data rows of the first table in `scope` (the header row left out). */
function rowsOf(scope: Locator): Locator {
  return scope.getByRole('table').first().locator('tbody tr')
}

/** Opens a piece's page with its price history shown as a table; answers the table's rows. */
async function openPriceTable(page: Page, guid: string, name: string) {
  await page.goto(`/nft/${guid}`)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  const history = page.getByRole('region', { name: 'Price history' })
  await history.getByRole('button', { name: 'Table' }).click()
  return page.getByRole('table', { name: 'Price history, oldest first' }).locator('tbody tr')
}

function salesToday(page: Page) {
  return page.locator('dt:text-is("Sales, 24 h") + dd')
}

test.describe('the market’s history', () => {
  test.use({ seeded: true })

  test('a sale in another browser shows live on home, /activity and the price history', async ({
    page,
    browser,
    baseURL,
    devnet,
    seed,
    saveScreen,
  }) => {
    test.slow()
    const buyer = accountNamed(devnet, 'Wallet3')
    const piece = seed!.pieces.find((p) => p.name === LISTED)!

    // One browser: home, /activity and the piece, each in its own tab.
    await page.goto('/')
    const market = page.getByRole('region', { name: 'The market' })
    const latest = rowsOf(market)
    await expect(latest.first()).toBeVisible()
    await expect(market.getByText(LISTED)).toHaveCount(0)
    const before = Number(await salesToday(page).textContent())
    const activity = await page.context().newPage()
    await activity.goto('/activity')
    await expect(rowsOf(activity.getByRole('main')).first()).toBeVisible()
    await expect(rowsOf(activity.getByRole('main')).first()).not.toContainText(LISTED)
    const pieceTab = await page.context().newPage()
    const points = await openPriceTable(pieceTab, piece.guid, LISTED)
    await expect(points.filter({ hasText: 'Sale' })).toHaveCount(0)
    for (const p of [page, activity, pieceTab]) await mark(p)

    // Another browser buys the piece now.
    const other = await browser.newContext({ baseURL })
    try {
      const tab = await other.newPage()
      await tab.goto('/')
      await connectKmd(tab, buyer)
      await tab.goto(`/nft/${piece.guid}`)
      await expect(tab.getByRole('heading', { name: LISTED, level: 1 })).toBeVisible()
      const modal = await openTrade(tab, 'Buy now')
      await expect(modal.getByText(/^Fee: \d+\.\d+ Algos/)).toBeVisible()
      await modal.getByRole('button', { name: 'Confirm' }).click()
      await expectSuccess(tab)
    } finally {
      await other.close()
    }

    // Every open tab follows the stream: nothing reloads, nothing polls.
    await expect(latest.first()).toContainText(LISTED)
    await expect(latest.first()).toContainText(`Buyer${shortAddress(buyer)}`)
    await expect(salesToday(page)).toHaveText(String(before + 1))
    await expect(rowsOf(activity.getByRole('main')).first()).toContainText(LISTED)
    await expect(rowsOf(activity.getByRole('main')).first()).toContainText('Sale')
    await expect(points.last()).toContainText('Sale')
    await expect(points.last()).toContainText('75 USDC')
    for (const p of [page, activity, pieceTab]) await expectNotReloaded(p)

    // The chart of a listing and a sale minutes apart: whole-time ticks, sales in the legend.
    const history = pieceTab.getByRole('region', { name: 'Price history' })
    await history.getByRole('button', { name: 'Chart' }).click()
    await expect(history.locator('.u-legend')).toHaveText(/Asks\s*Sales/)
    await pieceTab.setViewportSize({ width: 1280, height: 900 })
    await saveScreen(pieceTab, 'market-live-sale-chart-1280')
  })

  test('an auction reads as one, and its settlement appears live', async ({
    page,
    devnet,
    seed,
    saveScreen,
  }) => {
    test.slow()
    const bidder = accountNamed(devnet, 'Wallet4')
    const piece = seed!.pieces.find((p) => p.name === AUCTIONED)!

    // The price history: a start at the reserve and a bid, never a listing.
    const points = await openPriceTable(page, piece.guid, AUCTIONED)
    await expect(points.filter({ hasText: 'Auction started (reserve)' })).toContainText('50 USDC')
    await expect(points.filter({ hasText: 'Auction bid' })).toContainText('55 USDC')
    await expect(points.filter({ hasText: 'Listing' })).toHaveCount(0)
    // Its chart says what each mark is, with nothing hovered: a reserve is not an ask.
    const history = page.getByRole('region', { name: 'Price history' })
    await history.getByRole('button', { name: 'Chart' }).click()
    const legend = history.locator('.u-legend')
    await expect(legend).toContainText('Auction reserve')
    await expect(legend).toContainText('Bids')
    await expect(legend).not.toContainText('Asks')
    await expect(legend).not.toContainText('--')
    await history.getByRole('button', { name: 'Table' }).click()

    // /activity, in another tab: the auction's rows by name; its filter says what it takes in.
    const activity = await page.context().newPage()
    await activity.goto('/activity')
    const rows = rowsOf(activity.getByRole('main'))
    await expect(
      rows.filter({ hasText: AUCTIONED }).filter({ hasText: 'Auction started (reserve)' }),
    ).toHaveCount(1)
    await expect(
      rows.filter({ hasText: AUCTIONED }).filter({ hasText: 'Auction bid' }),
    ).toHaveCount(1)
    await expect(activity.getByLabel('Show').locator('option')).toContainText([
      'Listings and auction starts',
    ])
    for (const p of [page, activity]) await mark(p)

    // The chain's clock passes the auction's end: the worker settles it.
    await advanceChainTime(devnet, 169 * 3600)
    const sold = points.filter({ hasText: 'Sold at auction' })
    await expect(sold).toContainText('55 USDC', { timeout: 60_000 })
    // The buyer is the winner, not the operator that sent the settlement.
    await expect(sold).toContainText(`Buyer${shortAddress(bidder)}`)
    await expect(rows.first()).toContainText('Sold at auction')
    await expect(rows.first()).toContainText(AUCTIONED)
    await expect(rows.first()).toContainText(`Buyer${shortAddress(bidder)}`)
    for (const p of [page, activity]) await expectNotReloaded(p)

    // Screens of what changed, at a desktop's and a phone's width.
    await history.getByRole('button', { name: 'Chart' }).click()
    await expect(history.locator('.u-legend')).toContainText('Sales')
    for (const width of [1280, 390]) {
      for (const [p, name] of [
        [page, 'price-history'],
        [activity, 'activity'],
      ] as const) {
        await p.setViewportSize({ width, height: 900 })
        await saveScreen(p, `market-live-${name}-${String(width)}`)
      }
    }
    await page.goto('/')
    await expect(rowsOf(page.getByRole('region', { name: 'The market' })).first()).toContainText(
      'Sold at auction',
    )
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await saveScreen(page, `market-live-home-${String(width)}`)
    }
  })
})
