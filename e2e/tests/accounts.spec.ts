/**
 * The account menu and picker with the devnet's KMD (issue 29): connecting starts on an account
 * that holds USDC, never on the Algo dispenser (Wallet1, the wallet's first account, which holds
 * none); the Select account modal shows every whole address and its ALGO and USDC balances, at
 * 390 px and 1280 px; the menu says Disconnect wallet (no Logout beside Sign out).
 */
import { accountNamed, balances } from '../src/chain.js'
import { expect, test } from '../src/fixtures.js'
import { openAccountMenu, shortAddress } from '../src/wallet.js'

/** `1500000n` as `1.5`: the UI's amounts (6 decimals, trailing zeros dropped). */
/** Base units as the picker shows them: 6 decimals, trailing zeros dropped, thousands grouped. */
const units = (value: bigint): string => {
  const fraction = (value % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '')
  const whole = (value / 1_000_000n).toString().replace(/\B(?=(\d{3})+$)/g, ',')
  return `${whole}${fraction === '' ? '' : `.${fraction}`}`
}

for (const width of [390, 1280]) {
  test(`KMD starts on a USDC holder; the picker shows whole addresses and balances (${String(width)} px)`, async ({
    page,
    devnet,
    saveScreen,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const dispenser = accountNamed(devnet, 'Wallet1')
    await page.goto('/')
    await page.getByRole('button', { name: 'Connect to wallet' }).click()
    await page
      .getByRole('dialog', { name: 'Select wallet' })
      .getByRole('button', { name: /KMD/ })
      .click()
    const button = page.getByRole('button', { name: /^[A-Z2-7]{3}\.\.\.[A-Z2-7]{3}$/ })
    await expect(button).toBeVisible()
    await expect(button).not.toHaveText(shortAddress(dispenser))

    // The picker: every account a radio named by its whole address and balances.
    await openAccountMenu(page)
    await page.getByRole('menuitem', { name: 'Select Account' }).click()
    const modal = page.getByRole('dialog', { name: 'Select account' })
    const radios = modal.getByRole('radio')
    await expect(radios.first()).toBeVisible()
    const addresses: (string | null)[] = []
    for (const radio of await radios.all()) addresses.push(await radio.getAttribute('value'))
    expect(addresses).toContain(dispenser)
    expect(addresses.length).toBeGreaterThan(2)

    // The account chosen is the one the button shows, and it holds USDC on chain.
    const chosen = await modal.getByRole('radio', { checked: true }).getAttribute('value')
    expect(chosen).not.toBeNull()
    expect(chosen).not.toBe(dispenser)
    await expect(button).toHaveText(shortAddress(chosen!))
    const held = await balances(devnet, chosen!)
    expect(held.usdc).toBeGreaterThan(0n)

    for (const address of [dispenser, chosen!]) {
      const row = modal
        .locator('label')
        .filter({ has: page.getByRole('radio', { name: new RegExp(`^${address}`) }) })
      // The whole address, on screen and not cut (no horizontal overflow).
      const text = row.getByText(address, { exact: true })
      await expect(text).toBeVisible()
      // (Typed by hand: this package has no DOM types.)
      const fits = await text.evaluate(
        (e: { scrollWidth: number; clientWidth: number }) => e.scrollWidth <= e.clientWidth,
      )
      expect(fits).toBe(true)
      const chain = await balances(devnet, address)
      await expect(row).toContainText(`${units(chain.algos)} ALGO`)
      // An account not opted in to USDC says so; the helper reads it as 0.
      await expect(row).toContainText(
        chain.usdc === 0n ? /(\b0 USDC|no USDC)/ : `${units(chain.usdc)} USDC`,
      )
    }
    await saveScreen(page, `select-account-${String(width)}`)

    // By keyboard: the radios take arrows; Select picks the dispenser when asked to.
    await modal.getByRole('radio', { checked: true }).focus()
    await page.keyboard.press('ArrowDown')
    await expect(modal.getByRole('radio', { checked: true })).not.toHaveAttribute('value', chosen!)
    await modal.getByRole('radio', { name: new RegExp(`^${dispenser}`) }).check()
    await modal.getByRole('button', { name: 'Select' }).click()
    await expect(button).toHaveText(shortAddress(dispenser))

    // The menu: Sign in (a session) and Disconnect wallet, each saying what it does; no Logout.
    await openAccountMenu(page)
    await expect(
      page.getByRole('menuitem', {
        name: 'Sign in',
        exact: true,
      }),
    ).toHaveAccessibleDescription('Starts a session: watchlist, alerts, email')
    await expect(
      page.getByRole('menuitem', { name: 'Disconnect wallet' }),
    ).toHaveAccessibleDescription('Forgets the wallet in this browser')
    await expect(page.getByRole('menuitem', { name: /Log ?out/i })).toHaveCount(0)
    await saveScreen(page, `account-menu-${String(width)}`)
    await page.getByRole('menuitem', { name: 'Disconnect wallet' }).click()
    await expect(page.getByRole('button', { name: 'Connect to wallet' })).toBeVisible()

    // Connecting again starts on the account used last (the dispenser, chosen above).
    await page.getByRole('button', { name: 'Connect to wallet' }).click()
    await page
      .getByRole('dialog', { name: 'Select wallet' })
      .getByRole('button', { name: /KMD/ })
      .click()
    await expect(button).toHaveText(shortAddress(dispenser))
  })
}
