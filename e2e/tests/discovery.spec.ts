/**
 * Discovery (docs/product.md §11) in a seeded marketplace: search with suggestions and a typo,
 * filters and sorts on the search results and on a list, kept in the URL (reload, a shared link,
 * back), the empty state and Clear filters, a creator page, and the price history's table.
 */
import { DEMO_PIECES } from '@unica/launcher'
import { expect, test } from '../src/fixtures.js'

test.describe('discovery in a seeded marketplace', () => {
  test.use({ seeded: true })

  test('search, filter, sort, share the URL, a creator page, the price table', async ({
    page,
    browser,
    saveScreen,
  }) => {
    await page.goto('/')
    // Search: suggestions while typing, then the results page.
    const box = page.getByRole('combobox', { name: 'Search pieces and creators' })
    await box.fill('harb')
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' })
    await expect(suggestions.getByRole('option', { name: /Harbour at Blue Hour/ })).toBeVisible()
    await saveScreen(page, 'search-suggestions')
    await box.press('Escape')
    await expect(suggestions).toBeHidden()
    await box.press('Enter')
    await expect(page).toHaveURL(/\/search\?q=harb$/)
    await expect(page.getByRole('article')).toHaveCount(1)
    await expect(
      page.getByRole('article').getByRole('link', { name: 'Harbour at Blue Hour' }),
    ).toBeVisible()
    // One typo still finds it.
    await box.fill('harbuor')
    await box.press('Enter')
    await expect(page.getByRole('heading', { name: 'Results for “harbuor”' })).toBeVisible()
    await expect(
      page.getByRole('article').getByRole('link', { name: 'Harbour at Blue Hour' }),
    ).toBeVisible()

    // Filter and sort the search results; a shared link shows the same results.
    await box.fill('co')
    await box.press('Enter')
    await expect(page.getByRole('heading', { name: 'Results for “co”' })).toBeVisible()
    await expect(page.getByLabel('Sort by')).toHaveValue('')
    await page.getByLabel('Show').selectOption({ label: 'For sale' })
    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' })
    await expect(page).toHaveURL(/\/search\?q=co&market=for_sale&sort=price_desc$/)
    const searchPrices = async (on = page) =>
      (await on.getByRole('article').locator('dt:text-is("Price") + dd').allTextContents()).map(
        (t) => Number(t.replace(' USDC', '')),
      )
    await expect(page.getByRole('article').first()).toBeVisible()
    await expect
      .poll(async () => {
        const p = await searchPrices()
        return p.length > 1 && p.every((x, i) => i === 0 || p[i - 1] >= x)
      })
      .toBe(true)
    const descending = await searchPrices()
    await saveScreen(page, 'search-filters')
    const sharedSearch = await browser.newPage({ baseURL: new URL(page.url()).origin })
    await sharedSearch.goto(page.url())
    await expect(sharedSearch.getByLabel('Sort by')).toHaveValue('price_desc')
    await expect.poll(() => searchPrices(sharedSearch)).toEqual(descending)
    await sharedSearch.close()
    // Filters that leave nothing say so; clearing them keeps the words.
    // Typed fields apply on Enter (or when typing pauses).
    await page.getByLabel('Min price (USDC)').fill('100000')
    await page.getByLabel('Min price (USDC)').press('Enter')
    await expect(page.getByText('No pieces match “co” with these filters.')).toBeVisible()
    await page.getByRole('button', { name: 'Clear filters' }).last().click()
    await expect(page).toHaveURL(/\/search\?q=co$/)
    await expect(page.getByRole('article').first()).toBeVisible()

    // Filter and sort All items; the URL holds both.
    await page.goto('/all-items')
    await expect(page.getByRole('article')).toHaveCount(DEMO_PIECES.length)
    await page.getByLabel('Show').selectOption({ label: 'For sale' })
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' })
    await expect(page).toHaveURL(/market=for_sale/)
    await expect(page).toHaveURL(/sort=price_asc/)
    const prices = async () =>
      (await page.getByRole('article').locator('dt:text-is("Price") + dd').allTextContents()).map(
        (t) => Number(t.replace(' USDC', '')),
      )
    await expect(page.getByRole('article').first()).toBeVisible()
    const ascending = await prices()
    expect(ascending.length).toBeGreaterThan(1)
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
    await saveScreen(page, 'filters')

    // Reload and a shared link reproduce the view.
    const shared = page.url()
    await page.reload()
    await expect(page.getByLabel('Sort by')).toHaveValue('price_asc')
    await expect.poll(prices).toEqual(ascending)
    const other = await browser.newPage({ baseURL: new URL(shared).origin })
    await other.goto(shared)
    await expect(other.getByLabel('Show')).toHaveValue('for_sale')
    await expect
      .poll(async () =>
        (
          await other.getByRole('article').locator('dt:text-is("Price") + dd').allTextContents()
        ).map((t) => Number(t.replace(' USDC', ''))),
      )
      .toEqual(ascending)
    await other.close()
    // Back undoes the sort.
    await page.goBack()
    await expect(page).not.toHaveURL(/sort=/)
    await expect(page.getByLabel('Show')).toHaveValue('for_sale')

    // Nothing matches: say so and offer to clear.
    // Typed fields apply on Enter (or when typing pauses).
    await page.getByLabel('Min price (USDC)').fill('100000')
    await page.getByLabel('Min price (USDC)').press('Enter')
    await expect(page.getByText('No NFTs match these filters.')).toBeVisible()
    await page.getByRole('button', { name: 'Clear filters' }).last().click()
    await expect(page.getByRole('article')).toHaveCount(DEMO_PIECES.length)
    await expect(page).toHaveURL(/\/all-items$/)

    // A creator page from the asset page.
    const sold = DEMO_PIECES.find((p) => p.boughtBy !== undefined)!
    await page.getByRole('article').getByRole('link', { name: sold.name }).click()
    await expect(page.getByRole('heading', { name: sold.name, level: 1 })).toBeVisible()
    // The price history as a table: the sale is there.
    await page.getByRole('button', { name: 'Table' }).click()
    const table = page.getByRole('table', { name: 'Price history, oldest first' })
    await expect(table.getByRole('cell', { name: 'Sale', exact: true })).toBeVisible()
    await expect(
      table.getByRole('cell', { name: `${String(sold.price)} USDC` }).first(),
    ).toBeVisible()
    await saveScreen(page, 'price-history')
    await page.getByRole('link', { name: /^Works of / }).click()
    await expect(page.getByRole('heading', { name: 'Creator', level: 1 })).toBeVisible()
    await expect(page.locator('dt:text-is("Works") + dd')).toHaveText(String(DEMO_PIECES.length))
    // Every sale of the creator's works: each first sale, and each collector's resale.
    const sales = DEMO_PIECES.reduce(
      (n, p) =>
        n + (p.boughtBy === undefined ? 0 : 1) + (p.boughtBy?.resoldTo === undefined ? 0 : 1),
      0,
    )
    await expect(page.locator('dt:text-is("Sales") + dd')).toHaveText(String(sales))
    await expect(page.getByRole('article')).toHaveCount(DEMO_PIECES.length)
    await saveScreen(page, 'creator')
  })
})
