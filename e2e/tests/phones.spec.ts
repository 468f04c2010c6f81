/**
 * Phones and failures of the shell (issue 29): at 390 px (and 320 px) every popover, menu and
 * dialog of the navigation bar fits the screen (the search's suggestions, the account menu, the
 * Select account dialog, the bell's panel), the staff console's tabs are all in sight, a list's
 * filters fold behind one button so the first result is in the first screen, and one Back undoes
 * one sort change. A screen whose code fails to load reloads once, then says so with Reload and
 * Home instead of the router's developer screen.
 */
import type { Locator, Page } from '@playwright/test'
import { accountNamed } from '../src/chain.js'
import { expect, STAFF, test } from '../src/fixtures.js'
import { connectKmd, menu, openAccountMenu } from '../src/wallet.js'

/** The element's box lies wholly inside the viewport. */
async function expectOnScreen(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible()
  const box = (await element.boundingBox())!
  const { width, height } = page.viewportSize()!
  const edges = { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height }
  expect(edges.left, `left edge of ${String(element)}`).toBeGreaterThanOrEqual(0)
  expect(edges.top, `top edge of ${String(element)}`).toBeGreaterThanOrEqual(0)
  expect(edges.right, `right edge of ${String(element)}`).toBeLessThanOrEqual(width)
  expect(edges.bottom, `bottom edge of ${String(element)}`).toBeLessThanOrEqual(height)
}

const bell = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ })

test.describe('on a phone', () => {
  test.use({ seeded: true, viewport: { width: 390, height: 844 } })

  test('popovers, menus and dialogs fit; filters fold; the console’s tabs show', async ({
    page,
    devnet,
    saveScreen,
  }) => {
    // A list: the filters wait behind one button, the first result is in the first screen.
    await page.goto('/all-items')
    const filters = page.getByRole('button', { name: /^Filters/ })
    await expect(filters).toHaveText('Filters')
    await expect(filters).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByLabel('Sort by')).toBeHidden()
    // The first piece's picture and name (the card's facts may run on below).
    const first = page.getByRole('article').first()
    await expectOnScreen(page, first.locator('img').first())
    await expectOnScreen(page, first.getByRole('heading'))
    await saveScreen(page, 'phone-list')

    // One sort change is one history entry: Enter in an unchanged field adds none, so one Back
    // undoes the sort.
    await filters.click()
    await expect(filters).toHaveAttribute('aria-expanded', 'true')
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' })
    await expect(page).toHaveURL(/\/all-items\?sort=price_asc$/)
    await expect(filters).toHaveText('Filters (1)')
    await page.getByLabel('Min price (USDC)').press('Enter')
    await saveScreen(page, 'phone-filters-open')
    await page.goBack()
    await expect(page).toHaveURL(/\/all-items$/)
    await expect(page.getByLabel('Sort by')).toHaveValue('')

    // The search's suggestions.
    const box = page.getByRole('combobox', { name: 'Search pieces and creators' })
    await box.fill('harb')
    await expectOnScreen(page, page.getByRole('listbox', { name: 'Suggestions' }))
    await box.press('Escape')

    // The account menu and the Select account dialog (modal.tsx).
    await connectKmd(page, accountNamed(devnet, STAFF))
    await openAccountMenu(page)
    await expectOnScreen(page, page.getByRole('menu'))
    await page.getByRole('menuitem', { name: 'Select Account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Select account' })
    await expectOnScreen(page, dialog)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    // The bell's panel, at 390 px and at 320 px.
    await menu(page, 'Sign in')
    await expect(page.getByRole('status').filter({ hasText: 'Signed in.' })).toBeVisible()
    await bell(page).click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await expectOnScreen(page, panel)
    await expectOnScreen(page, panel.getByRole('heading', { name: 'Notifications' }))
    await saveScreen(page, 'phone-bell')
    await page.setViewportSize({ width: 320, height: 640 })
    await expectOnScreen(page, panel)
    await bell(page).click()
    await expect(panel).toBeHidden()
    await openAccountMenu(page)
    await expectOnScreen(page, page.getByRole('menu'))
    await page.keyboard.press('Escape')
    await page.setViewportSize({ width: 390, height: 844 })

    // The staff console: every tab in sight, and the arrow keys still move between them.
    await menu(page, 'Staff console')
    await expect(page.getByRole('heading', { name: 'Staff console' })).toBeVisible()
    const tabs = page.getByRole('tab')
    await expect(tabs).toHaveCount(6)
    for (const tab of await tabs.all()) await expectOnScreen(page, tab)
    await tabs.first().focus()
    await page.keyboard.press('End')
    await expect(tabs.last()).toBeFocused()
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true')
    await saveScreen(page, 'phone-console')
  })
})

test('a screen whose code fails to load reloads once, then offers Reload and Home', async ({
  page,
  allowConsole,
  saveScreen,
}) => {
  // On purpose: the console's chunk is refused, so the browser reports the failed load.
  allowConsole(/^\[error\] Failed to load resource: net::ERR_FAILED \(at .*\/assets\/console-page-/)
  // React and the router each report the error the route's error page caught.
  // (React logs it with its format string first, '%o %s %s', as Chromium prints it unexpanded.)
  allowConsole(
    /^\[error\] (?:%o\s+%s\s+%s\s+)?TypeError: Failed to fetch dynamically imported module: .*console-page-/,
  )
  allowConsole(
    /^\[error\] React Router caught the following error during render TypeError: Failed to fetch dynamically imported module: .*console-page-/,
  )
  const chunk = '**/assets/console-page-*.js'
  let documents = 0
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents++
  })
  await page.route(chunk, (route) => route.abort())
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'This page could not load' })).toBeVisible()
  // One automatic reload, not a loop.
  expect(documents).toBe(2)
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Home' }).last()).toHaveAttribute('href', '/')
  await saveScreen(page, 'chunk-error')
  await page.setViewportSize({ width: 390, height: 844 })
  await saveScreen(page, 'chunk-error-390')
  // Once the code can arrive again, Reload brings the screen back.
  await page.unroute(chunk)
  await page.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByText('The staff console is for staff accounts only.')).toBeVisible()
})
