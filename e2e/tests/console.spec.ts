/**
 * The staff console (issue 19) on a seeded marketplace: a collector applies to become a creator;
 * the staff account signs in with KMD, opens the console from the account menu, accepts the
 * application (the applicant is staff now), hides a piece with a reason; the piece leaves the
 * public lists and search, and its own page says it was hidden and still links to /rescue. The
 * audit log shows both actions. A visitor who is not signed in is told the console is for staff.
 */
import { createApiClient } from '@unica/schemas'
import { accountNamed } from '../src/chain.js'
import { expect, STAFF, test } from '../src/fixtures.js'
import { card } from '../src/market.js'
import { connectKmd, menu, selectAccount } from '../src/wallet.js'

const PIECE = 'Harbour at Blue Hour'
const REASON = 'Reported as a copy of a photograph; under review.'

test.describe('the staff console', () => {
  test.use({ seeded: true })

  test('staff accept an application and hide a piece, which leaves the lists', async ({
    page,
    devnet,
    baseURL,
    seed,
    saveScreen,
  }) => {
    const staff = accountNamed(devnet, STAFF)
    const applicant = accountNamed(devnet, 'Wallet4')
    const piece = seed!.pieces.find((p) => p.name === PIECE)!

    // Signed out, the console says who it is for.
    await page.goto('/admin')
    await expect(page.getByText('The staff console is for staff accounts only.')).toBeVisible()
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible()

    // The applicant applies through the form.
    await page.goto('/')
    await connectKmd(page, applicant)
    await menu(page, 'Become a Creator')
    const field = (label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`))
    await field('Name').fill('Wren Collector')
    await field('Email').fill('wren@example.com')
    await field('About you').fill('I collect and paint small harbour studies.')
    await field('Instagram').fill('https://instagram.com/wren')
    await field('Portfolio / website').fill('https://wren.example.com')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Thanks, we received your application!')).toBeVisible()

    // The piece is listed before.
    await page.goto('/all-items')
    await expect(card(page, PIECE)).toBeVisible()

    // Staff: switch account, sign in, open the console.
    await selectAccount(page, staff)
    await menu(page, 'Sign in')
    await expect(page.getByRole('status').filter({ hasText: 'Signed in.' })).toBeVisible()
    await menu(page, 'Staff console')
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('heading', { name: 'Staff console' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Applications' })).toHaveAttribute(
      'aria-selected',
      'true',
    )

    // Accept the application: the applicant becomes staff.
    await page.getByRole('button', { name: "Read Wren Collector's application" }).click()
    await expect(page.getByText('I collect and paint small harbour studies.')).toBeVisible()
    await saveScreen(page, 'console-application')
    await page.getByRole('button', { name: 'Accept' }).click()
    await expect(page.getByText('No applications wait for a decision.')).toBeVisible()
    const api = createApiClient({ baseUrl: baseURL! })
    expect((await api.getUser({ params: { address: applicant } })).is_staff).toBe(true)
    await page.getByRole('tab', { name: 'Staff' }).click()
    await expect(page.getByText(applicant)).toBeVisible()

    // Hide the piece, with a reason.
    await page.getByRole('tab', { name: 'Moderation' }).click()
    await page.getByLabel(/Find a piece/).fill('harbour blue')
    await page.getByRole('button', { name: 'Find' }).click()
    await page.getByLabel(/^Reason/).fill(REASON)
    await page.getByRole('button', { name: `Hide ${PIECE}` }).click()
    await expect(page.getByRole('button', { name: `Unhide ${PIECE}` })).toBeVisible()
    await saveScreen(page, 'console-moderation')

    // The audit log has both actions, by this staff account.
    await page.getByRole('tab', { name: 'Audit log' }).click()
    const log = page.getByRole('table', { name: 'Audit log' })
    await expect(log.getByRole('row').filter({ hasText: 'application.accept' })).toBeVisible()
    await expect(
      log.getByRole('row').filter({ hasText: 'asset.hide' }).filter({ hasText: REASON }),
    ).toBeVisible()

    // Gone from the lists and search; the home page's figures do not name it.
    await page.goto('/all-items')
    await expect(page.getByRole('article').first()).toBeVisible()
    await expect(card(page, PIECE)).toHaveCount(0)
    await page.goto('/featured')
    await expect(page.getByRole('article').first()).toBeVisible()
    await expect(card(page, PIECE)).toHaveCount(0)
    await page.goto('/search?q=harbour')
    await expect(page.getByRole('heading', { name: 'Results for “harbour”' })).toBeVisible()
    await expect(card(page, PIECE)).toHaveCount(0)

    // Its own page says why, and the way to act on chain without us is still there.
    await page.goto(`/nft/${piece.guid}`)
    await expect(page.getByRole('heading', { name: PIECE, level: 1 })).toBeVisible()
    await expect(
      page.getByText(`This piece was hidden by the marketplace: ${REASON}`),
    ).toBeVisible()
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Rescue your funds' }),
    ).toHaveAttribute('href', '/rescue')
    await saveScreen(page, 'hidden-piece')

    // On a phone (390 px) every tab of the console fits the width (wide tables scroll inside).
    await page.setViewportSize({ width: 390, height: 844 })
    for (const tab of [
      'Applications',
      'Staff',
      'Moderation',
      'Subscribers',
      'Operations',
      'Audit log',
    ]) {
      await page.goto(`/admin`)
      await page.getByRole('tab', { name: tab }).click()
      await expect(page.getByRole('tabpanel')).toBeVisible()
      await expect(page.getByRole('tabpanel').getByRole('status', { name: 'Loading' })).toHaveCount(
        0,
      )
      const width = await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
            .document.documentElement.scrollWidth,
      )
      expect(width, tab).toBeLessThanOrEqual(390)
    }
    await saveScreen(page, 'console-audit-390')
  })
})
