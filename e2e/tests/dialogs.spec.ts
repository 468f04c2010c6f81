/**
 * The trade and auction dialogs once confirmed (issue 29): a confirmed dialog is frozen, so the
 * live update of its own trade never makes it show an error ("Must be different than current
 * bid", "Your bid must be at least ...", "No auction is running.", "An auction is already
 * running."). Each of the four trades records every error text the page shows from Confirm until
 * the dialog is gone, and the record must be empty. Then, on a phone, the piece's price and its
 * primary action are in the first screen, above the image.
 */
import { CURRENT_VERSION } from '@unica/contracts'
import { auctionPanel, openAuctionBid, openStartAuction } from '../src/auction.js'
import { accountNamed } from '../src/chain.js'
import { expect, STAFF, test } from '../src/fixtures.js'
import { confirmWithoutErrors, expectFacts, fact, openTrade, trade } from '../src/market.js'
import { createReadyNft } from '../src/staff.js'
import { connectKmd, selectAccount } from '../src/wallet.js'

test.skip(CURRENT_VERSION < 3, 'new deploys get a contract without auctions')

test('confirmed dialogs show no error from their own trade; a phone sees price and action first', async ({
  page,
  devnet,
  saveScreen,
}) => {
  test.slow()
  const staff = accountNamed(devnet, STAFF)
  const alice = accountNamed(devnet, 'Wallet3')
  await page.goto('/')
  await connectKmd(page, staff)
  await createReadyNft(page, {
    unitName: 'FRZ',
    name: 'Frozen Frame',
    description: 'Still, once signed.',
  })
  await trade(page, 'Set price', '100')

  // Change bid 10 -> 16: the new bid of record must not turn into "Must be different ...".
  await selectAccount(page, alice)
  await trade(page, 'Place a bid', '10')
  await expectFacts(page, { myBid: '10 USDC' })
  await confirmWithoutErrors(page, await openTrade(page, 'Change bid', '16'))
  await expectFacts(page, { highestBid: '16 USDC', myBid: '16 USDC' })

  // On a phone the price and the primary action come before the image: no scrolling past it.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await expect(fact(page, 'Price')).toHaveText('100 USDC')
  await expect.soft(fact(page, 'Price')).toBeInViewport({ ratio: 1 })
  await expect
    .soft(page.getByRole('main').getByRole('button', { name: 'Buy now' }))
    .toBeInViewport({
      ratio: 1,
    })
  await saveScreen(page, 'asset-details-390')
  await page.setViewportSize({ width: 1280, height: 900 })

  // Start auction: the running auction must not turn into "An auction is already running."
  await selectAccount(page, staff)
  await confirmWithoutErrors(
    page,
    await openStartAuction(page, { reserve: '20', duration: '1 hour', raisePercent: '10' }),
  )
  // Cancel auction: the ended auction must not turn into "No auction is running."
  await auctionPanel(page).getByRole('button', { name: 'Cancel auction' }).click()
  await confirmWithoutErrors(page, page.getByRole('dialog', { name: 'Cancel auction' }))
  await expect(auctionPanel(page)).toHaveCount(0)

  // Bid in auction 22: the new minimum must not turn into "Your bid must be at least 24.2 USDC".
  await page.getByRole('main').getByRole('button', { name: 'Start auction', exact: true }).waitFor()
  await confirmWithoutErrors(
    page,
    await openStartAuction(page, { reserve: '20', duration: '1 hour', raisePercent: '10' }),
  )
  await selectAccount(page, alice)
  await confirmWithoutErrors(page, await openAuctionBid(page, '22'))
  await expect(auctionPanel(page).locator('dt:text-is("Minimum next bid") + dd')).toHaveText(
    '24.2 USDC',
  )
})
