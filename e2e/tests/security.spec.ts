/**
 * The browser surface, with the server's Content-Security-Policy enforced by Chromium: every route,
 * the wallet modals and every trade dialog run without a single violation; no other origin can
 * frame our pages; and names and descriptions carrying script, event handlers, markup and URLs,
 * minted on the devnet through the real flows, are shown as text everywhere they appear.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { accountNamed } from '../src/chain.js'
import { watchPage } from '../src/csp.js'
import { expect, STAFF, test } from '../src/fixtures.js'
import { card } from '../src/market.js'
import { createReadyNft } from '../src/staff.js'
import { connectKmd, menu, openAccountMenu, selectAccount } from '../src/wallet.js'

/** Every trade button of the details page (apps/web/src/trade/buttons.ts). */
const TRADE_BUTTONS = [
  'Set price',
  'Change price',
  'Cancel offer',
  'Sell now',
  'Buy now',
  'Place a bid',
  'Change bid',
  'Cancel bid',
]

const PUBLIC_ROUTES = [
  '/',
  '/featured',
  '/all-items',
  '/for-sale',
  '/highest-bids',
  '/recently-added',
]
const ACCOUNT_ROUTES = ['/my-nfts', '/my-bids', '/admin/apply', '/admin/nft-list', '/admin/add-nft']

/** Lets the screen finish its requests (violations are collected whenever they happen). */
async function settle(page: Page): Promise<void> {
  // Pages poll (details every 10 s), so the network may never be idle for long: bounded.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
}

test.describe('with the seeded demo', () => {
  test.use({ seeded: true })

  test('every route, the wallet modals and every trade dialog run under the CSP without a violation', async ({
    page,
    devnet,
    seed,
  }) => {
    // Every route, and every piece's page for three accounts until each dialog was seen.
    test.setTimeout(360_000)
    const watch = await watchPage(page)
    const first = await page.goto('/')
    const csp = first?.headers()['content-security-policy'] ?? ''
    // The SPA itself is served with the policy: our scripts only, never framed.
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(first?.headers()['x-frame-options']).toBe('DENY')

    for (const route of PUBLIC_ROUTES) {
      await page.goto(route)
      await expect(page.getByRole('main')).toBeVisible()
      await settle(page)
    }
    const pieces = seed?.pieces ?? []
    expect(pieces.length).toBeGreaterThan(0)

    // The wallet selection modal, then the account menu and the account modal.
    await page.goto('/')
    await page.getByRole('button', { name: 'Connect to wallet' }).click()
    await expect(page.getByRole('dialog', { name: 'Select wallet' })).toBeVisible()
    await page.keyboard.press('Escape')
    await connectKmd(page, accountNamed(devnet, STAFF))
    await openAccountMenu(page)
    await page.keyboard.press('Escape')
    for (const route of ACCOUNT_ROUTES) {
      await page.goto(route)
      await expect(page.getByRole('main')).toBeVisible()
      await settle(page)
    }

    // Every trade dialog, as the staff creator (owner, with bids) and as a collector who bids.
    const seen = new Set<string>()
    for (const account of [STAFF, 'Wallet3', 'Wallet5']) {
      if (account !== STAFF) await selectAccount(page, accountNamed(devnet, account))
      for (const piece of pieces) {
        if (seen.size === TRADE_BUTTONS.length) break
        await page.goto(`/nft/${piece.guid}`)
        await expect(page.getByRole('heading', { name: piece.name, level: 1 })).toBeVisible()
        await settle(page)
        for (const label of TRADE_BUTTONS) {
          if (seen.has(label)) continue
          const button = page.getByRole('main').getByRole('button', { name: label, exact: true })
          if ((await button.count()) === 0) continue
          await button.click()
          const dialog = page.getByRole('dialog')
          await expect(dialog).toBeVisible()
          await settle(page)
          await page.keyboard.press('Escape')
          await expect(dialog).toBeHidden()
          seen.add(label)
        }
      }
    }
    expect([...seen].sort()).toEqual([...TRADE_BUTTONS].sort())

    // The OpenAPI page is served under the same policy.
    await page.goto('/api/docs/')
    await expect(page.getByText('Unica API').first()).toBeVisible()
    await settle(page)

    expect(watch.violations).toEqual([])
    expect(watch.dialogs).toEqual([])
  })
})

test('no other origin can frame our pages', async ({ page, baseURL, allowConsole }) => {
  // On purpose: Chromium reports the framing our frame-ancestors refuses.
  allowConsole(
    /^\[error\] Framing 'http:\/\/localhost:\d+\/' violates the following Content Security Policy directive: "frame-ancestors 'none'"\. The request has been blocked\./,
  )
  // Another site, on another port, that tries to show the marketplace inside its own page; the
  // iframe's load event fires for the refused frame too (with Chromium's error page in it).
  const framer: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html')
    response.end(`<!doctype html><title>framing</title>
      <iframe id="victim" src="${baseURL}/" width="800" height="600"
              onload="document.title = 'loaded'"></iframe>`)
  })
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = framer.address() as AddressInfo
    await page.goto(`http://127.0.0.1:${port}/`)
    await expect(page).toHaveTitle('loaded')
    const frame = page.frames().find((f) => f !== page.mainFrame())
    expect(frame).toBeDefined()
    // Our document never loads in it: not its URL, not its root, not its title.
    expect(frame?.url().startsWith(baseURL ?? '-')).toBe(false)
    await expect(page.frameLocator('#victim').locator('#root')).toHaveCount(0)
    expect(await frame?.title()).not.toBe('Unica')
  } finally {
    await new Promise<void>((resolve) =>
      framer.close(() => {
        resolve()
      }),
    )
  }
})

/** Names fit the ASA's 32 bytes; each tries another way into the page. */
const HOSTILE = [
  { unitName: 'XSS1', name: '<img src=x onerror=alert(1)>' },
  { unitName: 'XSS2', name: '<script>alert(2)</script>' },
  { unitName: 'XSS3', name: '"><svg onload=alert(3)>' },
] as const

const HOSTILE_DESCRIPTION = [
  '<iframe src="javascript:alert(4)"></iframe>',
  '<a href="javascript:alert(5)">click</a> <a href="data:text/html,<script>alert(6)</script>">x</a>',
  '<div style="background:url(javascript:alert(7))" onmouseover="alert(8)">hover</div>',
  "{{constructor.constructor('alert(9)')()}} ${alert(10)} javascript:alert(11)",
].join('\n')

/** Elements the payloads would have injected, had any been parsed as markup. */
const INJECTED =
  'img[src="x"], svg[onload], iframe, script:not([src]), a[href^="javascript"], a[href^="data"], [onmouseover], [onerror]'

test('hostile names and descriptions are shown as text on every page, and run nothing', async ({
  page,
  devnet,
}) => {
  const watch = await watchPage(page)
  const staff = accountNamed(devnet, STAFF)
  await page.goto('/')
  await connectKmd(page, staff)
  const guids: string[] = []
  for (const nft of HOSTILE) {
    guids.push(await createReadyNft(page, { ...nft, description: HOSTILE_DESCRIPTION }))
  }

  // The details page shows each name and the description verbatim.
  for (const [i, nft] of HOSTILE.entries()) {
    await page.goto(`/nft/${guids[i]}`)
    await expect(page.getByRole('heading', { name: nft.name, level: 1 })).toBeVisible()
    await expect(page.getByText('<iframe src="javascript:alert(4)"></iframe>')).toBeVisible()
    await expect(page.locator(`main :is(${INJECTED})`)).toHaveCount(0)
  }
  // Lists: every card shows its name as text.
  for (const route of ['/all-items', '/recently-added', '/admin/nft-list', '/my-nfts']) {
    await page.goto(route)
    for (const nft of HOSTILE) await expect(card(page, nft.name)).toBeVisible()
    await expect(page.locator(`main :is(${INJECTED})`)).toHaveCount(0)
  }
  // The devnet's explorer shows the chain's copy of the name as text too.
  const asset = (await (await page.request.get(`/api/assets/${guids[0]}/`)).json()) as {
    asset_id: string
  }
  await page.goto(`${devnet.urls.algod}/explorer/asset/${asset.asset_id}`)
  await expect(page.getByText(HOSTILE[0].name).first()).toBeVisible()
  await expect(page.locator(INJECTED)).toHaveCount(0)

  // A creator application carrying markup is accepted as text; javascript: URLs are refused.
  await page.goto('/')
  await selectAccount(page, accountNamed(devnet, 'Wallet3'))
  await menu(page, 'Become a Creator')
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`))
  await field('Name').fill('<img src=x onerror=alert(12)>')
  await field('Email').fill('ada@example.com')
  await field('About you').fill('<script>alert(13)</script> I paint harbours at night.')
  await field('Instagram').fill('https://instagram.com/ada.paints')
  await field('Portfolio / website').fill('javascript:alert(14)')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Enter a valid URL.')).toBeVisible()
  await field('Portfolio / website').fill('https://ada.example.com')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Thanks, we received your application!')).toBeVisible()
  await expect(page.locator(`main :is(${INJECTED})`)).toHaveCount(0)

  expect(watch.dialogs).toEqual([])
  expect(watch.violations).toEqual([])
})
