import { accountNamed } from '../src/chain.js'
import { expect, STAFF, test } from '../src/fixtures.js'
import { createReadyNft } from '../src/staff.js'
import { connectKmd } from '../src/wallet.js'

test('staff create an NFT, deploy and finish setup; it shows in Created NFTs and the public lists', async ({
  page,
  devnet,
  saveScreen,
}) => {
  const staff = accountNamed(devnet, STAFF)
  await page.goto('/')
  await connectKmd(page, staff)
  const guid = await createReadyNft(page, {
    unitName: 'SUN',
    name: 'Sunrise over the bay',
    description: 'A one-of-one sunrise.',
  })
  await saveScreen(page, 'asset-details-new')
  expect(guid).toMatch(/^[0-9a-f-]{32,36}$/)
})
