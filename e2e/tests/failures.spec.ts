/**
 * Failures a user meets, through the UI: insufficient funds, validation errors, a signature the
 * wallet refuses, and the backend going down. Each leaves the chain as it was.
 */
import { DEMO_PIECES } from '@unica/launcher'
import { accountNamed, USDC } from '../src/chain.js'
import { expect, STAFF, test } from '../src/fixtures.js'
import { marketOf, usdcOf } from '../src/holdings.js'
import { card, expectFacts, openTrade } from '../src/market.js'
import { connectKmd, menu, selectAccount } from '../src/wallet.js'

test.describe('on a seeded marketplace', () => {
  test.use({ seeded: true })
  // A funded test account the demo seed leaves alone: no bids, no NFTs.
  const NEWCOMER = 'Wallet6'
  const harbour = DEMO_PIECES[0]
  const best = harbour.bids!.at(-1)!.usdc

  test('offers and prices are validated; funds beyond the balance are refused', async ({
    page,
    devnet,
    seed,
    baseURL,
  }) => {
    const guid = seed!.pieces.find((p) => p.name === harbour.name)!.guid
    const bob = accountNamed(devnet, NEWCOMER)
    await page.goto(`/nft/${guid}`)
    await connectKmd(page, bob)
    await expectFacts(page, { price: `${harbour.price} USDC`, highestBid: `${best} USDC` })

    const offer = await openTrade(page, 'Place a bid', '0')
    await expect(offer.getByRole('alert')).toHaveText('Must be bigger than 0')
    await offer.getByRole('textbox').fill(String(harbour.price))
    await expect(offer.getByRole('alert')).toHaveText(
      'Must be lower than the current price (use "Buy now" to buy instantly)',
    )
    // Only digits and one decimal point, at most 6 decimals, can be typed.
    await offer.getByRole('textbox').fill('12a.3456789')
    await expect(offer.getByRole('textbox')).not.toHaveValue(/a|\.\d{7}/)
    await offer.getByRole('button', { name: 'Cancel' }).click()

    // An offer above Bob's whole USDC balance, on a piece that is not listed, cannot be sent.
    const market = await marketOf(baseURL!, guid)
    const escrowBefore = await usdcOf(devnet, market.escrow)
    const balance = await usdcOf(devnet, bob)
    const tidal = DEMO_PIECES.find((p) => p.price === undefined && p.bids !== undefined)!
    await page.getByRole('contentinfo').getByRole('link', { name: 'All items' }).click()
    await card(page, tidal.name).getByRole('link', { name: tidal.name }).click()
    const tooMuch = await openTrade(page, 'Place a bid', String(balance / USDC + 1n))
    const confirm = tooMuch.getByRole('button', { name: 'Insufficient funds' })
    await expect(confirm).toBeVisible()
    await expect(confirm).toBeDisabled()
    await tooMuch.getByRole('button', { name: 'Cancel' }).click()
    expect(await usdcOf(devnet, bob)).toBe(balance)
    expect(await usdcOf(devnet, market.escrow)).toBe(escrowBefore)

    // The owner may not ask less than the highest bid, nor the same price again.
    await page.goto(`/nft/${guid}`)
    await page.reload()
    await selectAccount(page, seed!.staff)
    const ask = await openTrade(page, 'Change price', String(best))
    await expect(ask.getByRole('alert')).toHaveText(
      'Must be bigger than the highest bid (use "Sell now" to sell instantly)',
    )
    await ask.getByRole('textbox').fill(String(harbour.price))
    await expect(ask.getByRole('alert')).toHaveText('Must be different than current price')
  })

  test('a refused signature changes nothing', async ({
    page,
    devnet,
    seed,
    baseURL,
    allowConsole,
  }) => {
    // On purpose: kmd's refusal is a 401, and the wallet library logs the refused signing.
    allowConsole(
      /^\[error\] Failed to load resource: the server responded with a status of 401 \(Unauthorized\) \(at http:\/\/127\.0\.0\.1:\d+\/v1\/transaction\/sign:/,
    )
    allowConsole(
      /^\[error\] \[Wallet:KMD\] Error signing transactions: .*status 401 \(Unauthorized\): error decrypting\. wrong password\?/,
    )
    const guid = seed!.pieces.find((p) => p.name === harbour.name)!.guid
    const market = await marketOf(baseURL!, guid)
    const bob = accountNamed(devnet, NEWCOMER)
    await page.goto(`/nft/${guid}`)
    await connectKmd(page, bob)
    const before = { bob: await usdcOf(devnet, bob), escrow: await usdcOf(devnet, market.escrow) }
    // The wallet refuses to sign: its kmd answers what kmd answers a wrong password. Only the
    // browser's call to the wallet is answered so; the chain and the backend stay real.
    let refused = 0
    await page.route('**/v1/transaction/sign', (route) => {
      refused += 1
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: true, message: 'error decrypting. wrong password?' }),
      })
    })
    const offer = await openTrade(page, 'Place a bid', String(best + 5))
    await offer.getByRole('button', { name: 'Confirm' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'Transactions could not be signed' }),
    ).toBeVisible()
    expect(refused).toBeGreaterThan(0)
    await expectFacts(page, { highestBid: `${best} USDC`, myBid: null })
    expect(await usdcOf(devnet, bob)).toBe(before.bob)
    expect(await usdcOf(devnet, market.escrow)).toBe(before.escrow)
  })
})

test('validation of the Create NFT form', async ({ page, devnet, allowConsole }) => {
  // On purpose: the server's validation of a too-long ticker and name, and of a broken image,
  // answers 400 with the field errors the form shows.
  allowConsole(
    /^\[error\] Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(at http:\/\/localhost:\d+\/api\/assets\/validate_asset\/:/,
  )
  await page.goto('/')
  await connectKmd(page, accountNamed(devnet, STAFF))
  await menu(page, 'Create new NFT')
  const add = page.getByRole('button', { name: 'Add NFT' })
  const image = page.locator('input[type="file"]')
  const fieldError = (label: string) =>
    page
      .locator('form > div')
      .filter({ has: page.getByLabel(label) })
      .getByRole('alert')

  await add.click()
  await expect(page.getByText('Image is required')).toBeVisible()
  for (const label of ['Ticker Symbol', 'Asset Name', 'Description']) {
    await expect(fieldError(label)).toHaveText('This field is required.')
  }
  // While an error stands the button stays disabled; each error clears on input.
  await expect(add).toBeDisabled()

  await image.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(4_194_305),
  })
  await page.getByLabel('Ticker Symbol').fill('TOOLONGTICKER')
  await page.getByLabel('Asset Name').fill('A name far longer than thirty-two bytes')
  await page.getByLabel('Description').fill('Fine.')
  await expect(add).toBeEnabled()
  await add.click()
  await expect(page.getByText('File too large. Size should not exceed 4 MiB.')).toBeVisible()
  await expect(fieldError('Ticker Symbol')).toHaveText(
    'Ensure this field has no more than 8 bytes.',
  )
  await expect(fieldError('Asset Name')).toHaveText('Ensure this field has no more than 32 bytes.')

  await image.setInputFiles({
    name: 'broken.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a png'),
  })
  await page.getByLabel('Ticker Symbol').fill('OK')
  await page.getByLabel('Asset Name').fill('A fine name')
  await add.click()
  await expect(page.getByText('Must be a valid image')).toBeVisible()
  // Nothing was created: still on the form, and the staff member has no created NFT.
  await expect(page).toHaveURL(/\/admin\/add-nft$/)
  await menu(page, 'Created NFTs')
  await expect(page.getByText('You have not created any NFT!')).toBeVisible()
})

test('the backend going down is reported, not hidden', async ({ page, unica, allowConsole }) => {
  // On purpose: with the server closed, every request to it is refused.
  allowConsole(
    /^\[error\] Failed to load resource: net::ERR_CONNECTION_REFUSED \(at http:\/\/localhost:\d+\//,
  )
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Buy, sell, and collect NFTs' })).toBeVisible()
  await unica.app.close()
  await page.getByPlaceholder('Email').fill('visitor@example.com')
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Could not broadcast information to internal service',
  )
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'All items' })
    .click()
  await expect(page.getByText('Could not get information from internal service')).toBeVisible()
})
