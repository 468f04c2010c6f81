/**
 * A visitor without a wallet: home and the newsletter, the featured page, the four lists, asset
 * details and its transaction table (desktop and mobile width), and the empty states.
 */
import { DEMO_PIECES } from '@unica/launcher'
import { expect, test } from '../src/fixtures.js'
import { card, cardFact, expectFacts, expectHistory, historyRows } from '../src/market.js'
import { shortAddress } from '../src/wallet.js'

const LIST_PAGES = [
  { link: 'All items', path: '/all-items', title: 'All items' },
  { link: 'For sale', path: '/for-sale', title: 'For sale' },
  { link: 'Highest bids', path: '/highest-bids', title: 'Highest bids' },
  { link: 'Recent', path: '/recently-added', title: 'Recent' },
] as const

test.describe('an empty marketplace', () => {
  test('home, newsletter, and every list empty', async ({ page, saveScreen }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Buy, sell, and collect NFTs' })).toBeVisible()
    const email = page.getByPlaceholder('Email')
    const subscribe = page.getByRole('button', { name: 'Subscribe' })

    await subscribe.click()
    await expect(page.getByRole('alert')).toHaveText('Invalid email.')
    await email.fill('not-an-email')
    await subscribe.click()
    await expect(page.getByRole('alert')).toHaveText('Invalid email.')
    // The error resets when the input takes focus again.
    await email.focus()
    await expect(page.getByRole('alert')).toBeHidden()
    await email.fill('visitor@example.com')
    await saveScreen(page, 'home')
    await subscribe.click()
    await expect(page.getByText("You're in!")).toBeVisible()

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Featured' })
      .click()
    await expect(page).toHaveURL(/\/featured$/)
    await expect(page.getByRole('region', { name: 'Featured item' })).toHaveCount(0)
    for (const section of ['For sale', 'Highest bids', 'Recent', 'Ending soon']) {
      await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible()
    }
    // No auction runs: Ending soon says so instead of a lone View all.
    await expect(page.getByText('No auctions are running.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'View all' })).toHaveCount(3)
    await expect(page.getByRole('article')).toHaveCount(0)

    for (const list of LIST_PAGES) {
      await page.getByRole('contentinfo').getByRole('link', { name: list.link }).click()
      await expect(page).toHaveURL(new RegExp(`${list.path}$`))
      await expect(page.getByRole('heading', { name: list.title, level: 1 })).toBeVisible()
      await expect(page.getByText('There are no NFTs here yet.')).toBeVisible()
    }
  })

  test('wallet-only pages and unknown assets send a visitor back', async ({
    page,
    allowConsole,
  }) => {
    // On purpose: the API's answer for an asset that does not exist is a 404.
    allowConsole(
      /\[error\] Failed to load resource: the server responded with a status of 404 \(Not Found\) \(at http:\/\/localhost:\d+\/api\/assets\/0{32}\//,
    )
    await page.goto('/my-nfts')
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/my-bids')
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/nft/00000000000000000000000000000000')
    await expect(page).toHaveURL(/\/$/)
  })
})

test.describe('a seeded marketplace', () => {
  test.use({ seeded: true })

  // Listed as the seed leaves it: the creator's ask never taken, or a collector's relisting
  // nobody bought.
  const listed = DEMO_PIECES.filter(
    (p) =>
      (p.price !== undefined && p.boughtBy === undefined) ||
      (p.boughtBy?.relistAt !== undefined && p.boughtBy.resoldTo === undefined),
  )
  const withBids = DEMO_PIECES.filter((p) => (p.bids?.length ?? 0) > 0 && p.boughtBy === undefined)

  test('featured, the four lists and asset details', async ({ page, seed, saveScreen }) => {
    await page.goto('/featured')
    const featured = page.getByRole('region', { name: 'Featured item' })
    await expect(featured).toBeVisible()
    await expect(featured.getByRole('link', { name: 'Buy now' })).toBeVisible()
    await expect(featured.getByRole('link', { name: 'Place a bid' })).toBeVisible()
    await expect(featured.locator('dt:text-is("Price") + dd')).toHaveText(/^\d+(\.\d+)? USDC$/)
    const sections = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2 }) })
    await expect(sections).toHaveCount(4)
    await expect(sections.nth(0).getByRole('article')).toHaveCount(Math.min(7, listed.length))
    await expect(sections.nth(1).getByRole('article')).toHaveCount(Math.min(3, withBids.length))
    await expect(sections.nth(2).getByRole('article')).toHaveCount(3)
    // Ours, last: the running auctions, each card with its countdown.
    const auctions = DEMO_PIECES.filter((p) => p.auction !== undefined)
    await expect(sections.nth(3).getByRole('article')).toHaveCount(Math.min(3, auctions.length))
    await expect(sections.nth(3).getByRole('timer')).toHaveCount(Math.min(3, auctions.length))
    await saveScreen(page, 'featured')

    // View all leads to the full list; the highest bids come highest first.
    await sections.nth(1).getByRole('link', { name: 'View all' }).click()
    await expect(page).toHaveURL(/\/highest-bids$/)
    await expect(page.getByRole('article')).toHaveCount(withBids.length)
    const shown = await page
      .getByRole('article')
      .locator('dt:text-is("Highest bid") + dd')
      .allTextContents()
    const values = shown.map((t) => Number(t.replace(' USDC', '')))
    expect(values).toEqual([...values].sort((a, b) => b - a))
    expect(values[0]).toBe(Math.max(...withBids.flatMap((p) => p.bids!.map((b) => b.usdc))))

    await page.goto('/for-sale')
    await expect(page.getByRole('article')).toHaveCount(listed.length)
    for (const piece of listed)
      await expect(cardFact(card(page, piece.name), 'Price')).not.toHaveText('—')
    await saveScreen(page, 'for-sale')
    await page.goto('/all-items')
    await expect(page.getByRole('article')).toHaveCount(DEMO_PIECES.length)
    await page.goto('/recently-added')
    await expect(page.getByRole('article')).toHaveCount(DEMO_PIECES.length)

    // Details of a listed piece with bids.
    const harbour = DEMO_PIECES[0]
    const bids = harbour.bids!
    const best = bids.at(-1)!
    await card(page, harbour.name).getByRole('link', { name: harbour.name }).click()
    await expect(page.getByRole('heading', { name: harbour.name, level: 1 })).toBeVisible()
    await expect(page.getByText(harbour.description)).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
      /All items.*For sale/,
    )
    await expectFacts(page, {
      price: `${harbour.price} USDC`,
      highestBid: `${best.usdc} USDC`,
      owner: shortAddress(seed!.staff),
    })
    await expect(page.getByRole('link', { name: 'View full-size image' })).toHaveAttribute(
      'href',
      /\/media\//,
    )
    await expectHistory(page, 'Listed for', shortAddress(seed!.staff), `${harbour.price} USDC`)
    await expect(page.getByRole('main').getByRole('button', { name: 'Buy now' })).toBeVisible()
    await saveScreen(page, 'asset-details')

    // A visitor who tries to buy is asked to connect a wallet first.
    await page.getByRole('main').getByRole('button', { name: 'Buy now' }).click()
    await expect(page.getByRole('dialog', { name: 'Select wallet' })).toBeVisible()
    await page.keyboard.press('Escape')

    // Below 768px the transaction table stacks each row, every value beside its column name.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(page.getByRole('columnheader', { name: 'Transaction type' })).toBeHidden()
    const firstRow = historyRows(page).first()
    for (const column of ['Transaction type', 'Who', 'Price', 'Transaction', 'When']) {
      await expect(firstRow.getByText(column, { exact: true })).toBeVisible()
    }
    await saveScreen(page, 'asset-details-mobile')
    await page.setViewportSize({ width: 1280, height: 900 })
    await expect(page.getByRole('columnheader', { name: 'Transaction type' })).toBeVisible()
  })
})
