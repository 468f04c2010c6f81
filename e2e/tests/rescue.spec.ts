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
import { expect, test } from '../src/fixtures.js'

const BID = 2_000_000n

test('a bidder cancels a bid on /rescue while /api is unreachable', async ({ page, devnet }) => {
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
