/**
 * The story of a piece and flows that say where they are, through the UI only: the deploy screen
 * shows its three steps and stays; a resale reads as one history row naming both parties; a
 * success alert does not outlive the account it was raised for.
 */
import { accountNamed } from '../src/chain.js'
import { expect, test } from '../src/fixtures.js'
import {
  expectFacts,
  expectHistory,
  historyRows,
  openTrade,
  trade,
  TX_SUCCESS,
} from '../src/market.js'
import { expectDeployChecklist, fillCreateForm, signInAsStaff } from '../src/staff.js'
import { selectAccount, shortAddress } from '../src/wallet.js'

test('the deploy checklist, a resale in one row, and no stale alert after an account switch', async ({
  page,
  devnet,
}) => {
  const staff = await signInAsStaff(page, devnet)
  // The collectors: alice buys from staff, then bob buys from alice.
  const [alice, bob] = ['Wallet3', 'Wallet4'].map((name) => accountNamed(devnet, name))

  // Create NFT, then the deploy screen: it runs both steps and stays, showing all three.
  const nft = { unitName: 'TIDE', name: 'Low tide', description: 'The sea goes out.' }
  await fillCreateForm(page, nft)
  await page.getByRole('button', { name: 'Add NFT' }).click()
  await expect(page).toHaveURL(/\/admin\/add-nft\/[0-9a-f]{32}\?start=true$/, { timeout: 60_000 })
  await expectDeployChecklist(page)
  await page.getByRole('link', { name: 'View your NFT' }).click()
  await expect(page.getByRole('heading', { name: nft.name, level: 1 })).toBeVisible()

  // First sale: staff lists, alice buys now.
  await trade(page, 'Set price', '10')
  await selectAccount(page, alice)
  await trade(page, 'Buy now')
  await expectFacts(page, { owner: shortAddress(alice) })

  // Alice lists it again; her success alert is on screen until the account changes.
  const modal = await openTrade(page, 'Set price', '20')
  await modal.getByRole('button', { name: 'Confirm' }).click()
  const alert = page.getByRole('status').filter({ hasText: TX_SUCCESS })
  await expect(alert).toBeVisible({ timeout: 60_000 })
  await expect(modal).toBeHidden()
  await expectFacts(page, { price: '20 USDC' })
  await selectAccount(page, bob)
  await expect(alert).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: TX_SUCCESS })).toHaveCount(0)

  // The resale: bob buys from alice. One row names both parties and the price.
  await trade(page, 'Buy now')
  await expectFacts(page, { price: '—', owner: shortAddress(bob) })
  const resale = `Bought from ${shortAddress(alice)} by ${shortAddress(bob)}`
  await expectHistory(page, resale, `Buyer ${shortAddress(bob)}`, '20 USDC')
  const row = historyRows(page).filter({ hasText: resale })
  await expect(row).toHaveCount(1)
  const type = row.getByRole('cell').first()
  await expect(type.getByRole('link', { name: shortAddress(alice), exact: true })).toHaveAttribute(
    'href',
    new RegExp(`/explorer/address/${alice}$`),
  )
  await expect(type.getByRole('link', { name: shortAddress(bob), exact: true })).toHaveAttribute(
    'href',
    new RegExp(`/explorer/address/${bob}$`),
  )
  // The first sale, listings and setup tell the rest; opt-ins stay out of the story.
  const first = `Bought from ${shortAddress(staff)} by ${shortAddress(alice)}`
  await expectHistory(page, first, `Buyer ${shortAddress(alice)}`, '10 USDC')
  await expectHistory(page, 'Listed for', shortAddress(alice), '20 USDC')
  await expectHistory(page, 'Listed for', shortAddress(staff), '10 USDC')
  await expectHistory(page, 'Contract deployed', shortAddress(staff), '—')
  await expectHistory(page, 'Minted', shortAddress(staff), '—')
  await expect(historyRows(page).filter({ hasText: 'Opt In' })).toHaveCount(0)
  await expect(historyRows(page)).toHaveCount(6)
})
