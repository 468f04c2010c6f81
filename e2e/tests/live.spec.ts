/**
 * Live updates between two browsers on one server (docs/product.md §12): the owner of a listed
 * piece, signed in with KMD through the account menu, and a collector both have the piece's page
 * open; the collector bids, and the owner's page shows the new highest bid without a reload while
 * its bell's unread count rises and lists the bid. Its Sessions page then says that this server
 * mails nothing (no SMTP_URL), at 390 px. Then issue 16's "one buys, the other sees it live and
 * gets its notification": the collector buys now, and the previous owner's page shows the new
 * owner and the sale's notification without a reload; the time from the buy's block on the
 * devnet to that change is recorded for `npm run bench -- live` (src/live-latency.ts).
 */
import type { Page } from '@playwright/test'
import { accountNamed } from '../src/chain.js'
import { expect, STAFF, test } from '../src/fixtures.js'
import {
  blockClock,
  LIVE_LATENCY_FILE,
  recordLiveLatency,
  seenIn,
  watchOwnerAndBell,
  watchStatus,
} from '../src/live-latency.js'
import { expectFacts, expectSuccess, openTrade, trade, TX_SUCCESS } from '../src/market.js'
import { connectKmd, menu, shortAddress } from '../src/wallet.js'

/** A seeded piece the staff account lists, with no bids yet. */
const PIECE = 'Saffron Field'

/** The bell's button; its accessible name carries the unread count. */
function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ })
}

async function unreadCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? ''
  return Number(/(\d+) unread/.exec(label)?.[1])
}

test.describe('two browsers, one server', () => {
  test.use({ seeded: true })

  test('a bid shows live on the owner’s page and in its bell', async ({
    page,
    browser,
    baseURL,
    devnet,
    seed,
    saveScreen,
  }) => {
    const owner = accountNamed(devnet, STAFF)
    const collector = accountNamed(devnet, 'Wallet3')
    const piece = seed!.pieces.find((p) => p.name === PIECE)!

    // The owner connects KMD, signs in from the account menu and opens the piece.
    await page.goto('/')
    await connectKmd(page, owner)
    await expect(bell(page)).toHaveCount(0)
    await menu(page, 'Sign in')
    await expect(page.getByRole('status').filter({ hasText: 'Signed in.' })).toBeVisible()
    await expect(bell(page)).toBeVisible()
    await page.goto(`/nft/${piece.guid}`)
    await expect(page.getByRole('heading', { name: PIECE, level: 1 })).toBeVisible()
    await expectFacts(page, { price: '75 USDC', highestBid: '—' })
    await expect(bell(page)).toBeVisible()
    const unreadBefore = await unreadCount(page)
    // A reload would lose this mark: it proves the page changed in place.
    await page.evaluate(() => {
      ;(globalThis as { liveMark?: true }).liveMark = true
    })

    // The collector, in a browser context of its own, opens the same page and bids.
    const other = await browser.newContext({ baseURL })
    try {
      const bidder = await other.newPage()
      await bidder.goto('/')
      await connectKmd(bidder, collector)
      await bidder.goto(`/nft/${piece.guid}`)
      await expect(bidder.getByRole('heading', { name: PIECE, level: 1 })).toBeVisible()
      await trade(bidder, 'Place a bid', '50')
      await expectFacts(bidder, { highestBid: '50 USDC', myBid: '50 USDC' })
    } finally {
      await other.close()
    }

    // The owner's page follows the stream: the bid, the unread count, the notification.
    await expectFacts(page, { highestBid: '50 USDC' })
    await expect
      .poll(() => unreadCount(page), { message: 'the bell’s unread count' })
      .toBeGreaterThan(unreadBefore)
    expect(await page.evaluate(() => (globalThis as { liveMark?: true }).liveMark)).toBe(true)
    await bell(page).click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect(
      panel.getByRole('link', {
        name: new RegExp(`^Unread: New bid of 50 USDC on your ${PIECE}\\.`),
      }),
    ).toBeVisible()

    // The owner's Sessions page: this server has no SMTP_URL, so email notifications say so.
    await page.keyboard.press('Escape')
    await page.setViewportSize({ width: 390, height: 844 })
    await menu(page, 'Sessions')
    const email = page.getByRole('region', { name: 'Email notifications' })
    await expect(email.getByText('Email is not configured on this server.')).toBeVisible()
    await expect(email.getByRole('textbox')).toHaveCount(0)
    await saveScreen(page, 'sessions-email-390')
  })

  test('a buy-now shows live on the previous owner’s page and in its bell', async ({
    page,
    browser,
    baseURL,
    devnet,
    seed,
  }) => {
    const owner = accountNamed(devnet, STAFF)
    const collector = accountNamed(devnet, 'Wallet3')
    const piece = seed!.pieces.find((p) => p.name === PIECE)!

    // The owner signs in and opens its listed piece.
    await page.goto('/')
    await connectKmd(page, owner)
    await menu(page, 'Sign in')
    await expect(page.getByRole('status').filter({ hasText: 'Signed in.' })).toBeVisible()
    await page.goto(`/nft/${piece.guid}`)
    await expect(page.getByRole('heading', { name: PIECE, level: 1 })).toBeVisible()
    await expectFacts(page, { price: '75 USDC', owner: shortAddress(owner) })
    await expect(bell(page)).toBeVisible()
    const unreadBefore = await unreadCount(page)
    await page.evaluate(() => {
      ;(globalThis as { liveMark?: true }).liveMark = true
    })
    await watchOwnerAndBell(page, shortAddress(collector), unreadBefore)

    // The collector buys it now in a browser context of its own.
    const other = await browser.newContext({ baseURL })
    const blocks = blockClock(devnet)
    try {
      const buyer = await other.newPage()
      await buyer.goto('/')
      await connectKmd(buyer, collector)
      await buyer.goto(`/nft/${piece.guid}`)
      await expect(buyer.getByRole('heading', { name: PIECE, level: 1 })).toBeVisible()
      await watchStatus(buyer, TX_SUCCESS)
      const modal = await openTrade(buyer, 'Buy now')
      await expect(modal.getByText(/^Fee: \d+\.\d+ Algos/)).toBeVisible()
      await modal.getByRole('button', { name: 'Confirm' }).click()
      const alert = buyer.getByRole('status').filter({ hasText: TX_SUCCESS })
      await expect(alert).toBeVisible({ timeout: 60_000 })
      const href = await alert
        .getByRole('link', { name: 'View the transaction' })
        .getAttribute('href')
      const txid = /\/explorer\/tx\/([A-Z2-7]{52})$/.exec(href ?? '')?.[1] ?? ''
      const buyerSeen = await seenIn(buyer)
      await expectSuccess(buyer)
      await expectFacts(buyer, { owner: shortAddress(collector), price: '—' })

      // The previous owner's page follows the stream: the new owner, the bell, the notification.
      await expectFacts(page, { owner: shortAddress(collector), price: '—' })
      await expect
        .poll(() => unreadCount(page), { message: 'the bell’s unread count' })
        .toBeGreaterThan(unreadBefore)
      expect(await page.evaluate(() => (globalThis as { liveMark?: true }).liveMark)).toBe(true)
      await bell(page).click()
      await expect(
        page
          .getByRole('dialog', { name: 'Notifications' })
          .getByRole('link', { name: new RegExp(`^Unread: Your ${PIECE} sold for 75 USDC\\.`) }),
      ).toBeVisible()

      const confirmed = blocks.committedAt(txid)
      const seen = await seenIn(page)
      expect(confirmed, `the block of ${txid}`).toBeDefined()
      expect(seen.owner, 'when the owner changed on the page').toBeDefined()
      expect(seen.bell, 'when the bell counted the sale').toBeDefined()
      expect(buyerSeen.status, 'when the buyer’s alert showed').toBeDefined()
      recordLiveLatency({
        ms: seen.owner! - confirmed!,
        notificationMs: seen.bell! - confirmed!,
        buyerAlertMs: buyerSeen.status! - confirmed!,
        from: 'the buy’s block committed on the devnet',
        to: 'the previous owner’s page shows the new owner',
      })
      console.log(`second browser: ${LIVE_LATENCY_FILE} written`)
    } finally {
      blocks.stop()
      await other.close()
    }
  })
})
