/** Staff through the UI: create an NFT with an image, deploy its contract, finish setup. */
import { accountNamed } from '../src/chain.js'
import { expect, STAFF, test } from '../src/fixtures.js'
import { expectNftAt, marketOf } from '../src/holdings.js'
import { card, expectFacts, expectHistory } from '../src/market.js'
import { createReadyNft, fillCreateForm } from '../src/staff.js'
import { connectKmd, menu, shortAddress } from '../src/wallet.js'

test('staff create an NFT, deploy and finish setup; it shows in Created NFTs and the public lists', async ({
  page,
  devnet,
  baseURL,
  saveScreen,
}) => {
  const staff = accountNamed(devnet, STAFF)
  await page.goto('/')
  await connectKmd(page, staff)
  await menu(page, 'Created NFTs')
  await expect(page.getByRole('heading', { name: 'Created NFTs' })).toBeVisible()
  await expect(page.getByText('You have not created any NFT!')).toBeVisible()

  const nft = {
    unitName: 'sun',
    name: 'Sunrise over the bay',
    description: 'A one-of-one sunrise.',
  }
  await fillCreateForm(page, nft)
  // The ticker is forced to upper case as it is typed.
  await expect(page.getByLabel('Ticker Symbol')).toHaveValue('SUN')
  await saveScreen(page, 'create-nft')
  const guid = await createReadyNft(page, nft, { filled: true })
  await saveScreen(page, 'asset-details-new')

  // The new NFT is ready: its creator owns it, its contract exists, its history shows the setup.
  await expectFacts(page, { price: '—', highestBid: '—', owner: shortAddress(staff) })
  await expect(page.getByRole('main').getByRole('button', { name: 'Set price' })).toBeVisible()
  // The history fills from the chain follower, after the page first loaded: look again.
  await page.reload()
  await expectHistory(page, 'Contract deployed', shortAddress(staff), '—')
  await expectHistory(page, 'Minted', shortAddress(staff), '—')
  // The full log keeps the spec's names.
  await page.getByRole('button', { name: 'Show all transactions' }).click()
  await expectHistory(page, 'Configure', shortAddress(staff), '—')
  const market = await marketOf(baseURL!, guid)
  await expectNftAt(devnet, market, staff, [staff, market.escrow])

  await menu(page, 'Created NFTs')
  await expect(card(page, nft.name)).toBeVisible()
  await expect(card(page, nft.name).getByRole('link', { name: 'Show my NFT' })).toBeVisible()
  await saveScreen(page, 'created-nfts')
  await page.getByRole('contentinfo').getByRole('link', { name: 'All items' }).click()
  await expect(card(page, nft.name)).toBeVisible()
  await page.getByRole('contentinfo').getByRole('link', { name: 'Recent' }).click()
  await expect(card(page, nft.name)).toBeVisible()
  // Not listed, no bids: it is in neither For sale nor Highest bids.
  await page.getByRole('contentinfo').getByRole('link', { name: 'For sale' }).click()
  await expect(page.getByText('There are no NFTs here yet.')).toBeVisible()
  await menu(page, 'My NFTs')
  await expect(card(page, nft.name)).toBeVisible()
})
