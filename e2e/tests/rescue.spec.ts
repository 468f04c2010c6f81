/**
 * The rescue page with our API unreachable (issue 14): a bidder, whose key the devnet's KMD holds,
 * opens /rescue after the app has loaded once, every /api request now failing; it connects KMD,
 * finds its bid and cancels it. The USDC comes back on chain and the page asked /api for nothing.
 */
import { CURRENT_VERSION, buildAppOptIn, buildAssetOptIn, buildBid } from '@unica/contracts'
import {
  configureManager,
  createNft,
  deployManager,
  signEach,
  type FlowChain,
} from '@unica/contracts/flows'
import { DevnetKit, genesisAccount, signWith, type TestAccount } from '@unica/devnet/testing'
import type { Devnet } from '@unica/devnet'
import { expect, test } from '../src/fixtures.js'
import { connectKmd } from '../src/wallet.js'

const BID = 2_000_000n

/** A piece ("Rescued", unit RSC) with a manager, and a bid of 2 USDC on it by Wallet3. */
async function bidOnAPiece(devnet: Devnet) {
  const kit = DevnetKit.of(devnet)
  const creator = genesisAccount(devnet, 'Wallet4')
  const bidder = genesisAccount(devnet, 'Wallet3')
  const chain = (key: TestAccount): FlowChain => ({
    algod: kit.algod,
    sign: (g) => Promise.resolve(signEach(g, (txn) => signWith(key, txn))),
  })
  const send = async (key: TestAccount, g: Parameters<typeof signEach>[0]) => {
    await kit.sendSigned(signEach(g, (txn) => signWith(key, txn)))
  }
  const guid = 'feedc0de'.repeat(4)
  const { assetId: nftId } = await createNft(chain(creator), {
    creator: creator.address,
    unitName: 'RSC',
    assetName: 'Rescued',
    url: `https://unica.example/nft/${guid}`,
    guid,
    description: 'A piece whose bid is rescued',
    mediaUrl: `https://unica.example/media/${guid}.png`,
    mimeType: 'image/png',
  })
  const input = { creator: creator.address, nftId, usdcId: kit.usdcId }
  const { appId } = await deployManager(chain(creator), input)
  const market = { appId, nftId, usdcId: kit.usdcId }
  await configureManager(chain(creator), { creator: creator.address, ...market })
  const params = await kit.params()
  await send(bidder, buildAppOptIn({ account: bidder.address, appId, params }))
  await send(bidder, buildAssetOptIn({ account: bidder.address, assetId: nftId, params }))
  await send(
    bidder,
    buildBid({ bidder: bidder.address, market, currentBid: 0n, newBid: BID, params }),
  )
  return { kit, bidder, appId, nftId }
}

test('a bidder cancels a bid on /rescue while /api is unreachable', async ({ page, devnet }) => {
  const { kit, bidder, appId } = await bidOnAPiece(devnet)
  const before = await kit.assetBalance(bidder.address, kit.usdcId)

  // The app loads once (it remembers the network), then our API goes away. The home page's live
  // stream opens after its heading shows: wait for it, so that a request the home page makes is
  // not counted as one of /rescue's (it was, once, in CI).
  const homeStream = page.waitForRequest((r) => r.url().endsWith('/api/events'))
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Buy, sell, and collect NFTs' })).toBeVisible()
  await homeStream
  const apiCalls: string[] = []
  await page.route('**/api/**', (route) => {
    apiCalls.push(route.request().url())
    return route.abort()
  })

  await page.goto('/rescue')
  await expect(page.getByRole('heading', { name: 'Rescue your funds' })).toBeVisible()
  await page.getByRole('button', { name: 'Connect KMD (devnet)' }).click()
  await page.getByRole('combobox', { name: 'Account' }).selectOption(bidder.address)
  const item = page.getByRole('listitem').filter({
    hasText: `App ${appId} (contract v${String(CURRENT_VERSION)})`,
  })
  await expect(item).toContainText('Your bid 2 USDC')
  await expect(page.getByText(/indexer \(used\)/)).toBeVisible()
  await item.getByRole('button', { name: 'Cancel bid' }).click()
  await expect(page.getByText(`Cancel bid: done on app ${appId}`, { exact: false })).toBeVisible()
  await expect(page.getByText(/Nothing to rescue/)).toBeVisible()

  expect(await kit.assetBalance(bidder.address, kit.usdcId)).toBe(before + BID)
  expect(apiCalls).toEqual([])
})

test('/rescue uses the connected account, names the piece, and says why it cannot sign', async ({
  page,
  devnet,
  saveScreen,
}) => {
  const { kit, bidder, appId, nftId } = await bidOnAPiece(devnet)
  const before = await kit.assetBalance(bidder.address, kit.usdcId)
  const homeStream = page.waitForRequest((r) => r.url().endsWith('/api/events'))
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Buy, sell, and collect NFTs' })).toBeVisible()
  await homeStream
  // What /rescue asks of /api (a request the app's page sent before leaving is not /rescue's).
  const apiCalls: string[] = []
  const noApi = () =>
    page.route('**/api/**', (route) => {
      if (new URL(page.url()).pathname === '/rescue') apiCalls.push(route.request().url())
      return route.abort()
    })

  // Read only (no wallet): the bid is found and named, and the disabled button says why.
  await noApi()
  await page.goto('/rescue')
  await page.getByRole('textbox', { name: 'Account' }).fill(bidder.address)
  await page.getByRole('button', { name: 'Search' }).click()
  const item = page.getByRole('listitem').filter({ hasText: 'Rescued (RSC)' })
  await expect(item).toContainText('Your bid 2 USDC')
  await expect(item).toContainText(
    `App ${appId} (contract v${String(CURRENT_VERSION)}), NFT ${nftId}`,
  )
  const cancel = item.getByRole('button', { name: 'Cancel bid' })
  await expect(cancel).toBeDisabled()
  await expect(cancel).toHaveAccessibleDescription(
    'Connect the wallet of this account to cancel bid.',
  )
  await expect(item.getByText('Connect the wallet of this account to cancel bid.')).toBeVisible()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await saveScreen(page, `rescue-read-only-${String(width)}`)
  }

  // The app connects KMD on the bidder's account; /rescue then starts on it, asking nothing.
  await page.unroute('**/api/**')
  await page.goto('/')
  await connectKmd(page, bidder.address)
  await noApi()
  await page.goto('/rescue')
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue(bidder.address)
  await expect(page.getByRole('button', { name: 'Connect KMD (devnet)' })).toHaveCount(0)
  await expect(item).toContainText('Your bid 2 USDC')
  await expect(cancel).toBeEnabled()
  await expect(item.getByText('Connect the wallet of this account')).toHaveCount(0)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await saveScreen(page, `rescue-connected-${String(width)}`)
  }
  await cancel.click()
  await expect(page.getByText(`Cancel bid: done on app ${appId}`, { exact: false })).toBeVisible()
  await expect(page.getByText(/Nothing to rescue/)).toBeVisible()
  expect(await kit.assetBalance(bidder.address, kit.usdcId)).toBe(before + 2_000_000n)
  expect(apiCalls).toEqual([])
})
