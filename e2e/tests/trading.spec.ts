/**
 * Trading between accounts, through the UI only: set and change the price, bid, raise and lower
 * the bid, cancel it, sell now to the highest bid, buy now, cancel the ask. After each step the
 * page (price, highest bid, owner, history, My NFTs, My bids) and the chain's balances agree.
 */
import { accountNamed, USDC } from '../src/chain.js'
import { expect, STAFF, test } from '../src/fixtures.js'
import { expectNftAt, marketOf, usdcOf } from '../src/holdings.js'
import { card, cardFact, expectFacts, expectHistory, trade } from '../src/market.js'
import { createReadyNft } from '../src/staff.js'
import { connectKmd, menu, selectAccount, shortAddress } from '../src/wallet.js'

const NAME = 'Harbour lights'

test('two accounts trade one NFT: ask, bids, sell now, buy now, cancel ask', async ({
  page,
  devnet,
  baseURL,
  saveScreen,
}) => {
  // Many trades, each checked on the page and on chain: on a shared, loaded machine this one
  // test takes more than the default 180 s.
  test.slow()
  const seller = accountNamed(devnet, STAFF)
  const alice = accountNamed(devnet, 'Wallet3')
  const bob = accountNamed(devnet, 'Wallet4')
  await page.goto('/')
  await connectKmd(page, seller)
  const guid = await createReadyNft(page, {
    unitName: 'HBR',
    name: NAME,
    description: 'Lights on the water.',
  })
  const market = await marketOf(baseURL!, guid)
  const parties = [seller, alice, bob, market.escrow]
  const start = {
    seller: await usdcOf(devnet, seller),
    alice: await usdcOf(devnet, alice),
    bob: await usdcOf(devnet, bob),
  }
  await expectNftAt(devnet, market, seller, parties)
  await expectFacts(page, { price: '—', highestBid: '—', owner: shortAddress(seller) })

  // The seller sets a price: the NFT goes into the contract's escrow.
  await trade(page, 'Set price', '100')
  await expectFacts(page, { price: '100 USDC', highestBid: '—', owner: shortAddress(seller) })
  await expectHistory(page, 'Listed for', shortAddress(seller), '100 USDC')
  await expectNftAt(devnet, market, market.escrow, parties)
  await saveScreen(page, 'asset-details-listed')

  // ... and changes it.
  await trade(page, 'Change price', '120.5')
  await expectFacts(page, { price: '120.5 USDC' })
  await expectHistory(page, 'Price changed to', shortAddress(seller), '120.5 USDC')
  await expectNftAt(devnet, market, market.escrow, parties)

  // Alice bids 50, raises to 70, lowers to 60: the escrow holds exactly her bid.
  await selectAccount(page, alice)
  await expect(page.getByRole('main').getByRole('button', { name: 'Buy now' })).toBeVisible()
  await trade(page, 'Place a bid', '50')
  await expectFacts(page, { price: '120.5 USDC', highestBid: '50 USDC', myBid: '50 USDC' })
  await expectHistory(page, 'Offer', shortAddress(alice), '50 USDC')
  expect(await usdcOf(devnet, market.escrow)).toBe(50n * USDC)
  expect(await usdcOf(devnet, alice)).toBe(start.alice - 50n * USDC)

  await trade(page, 'Change bid', '70')
  await expectFacts(page, { highestBid: '70 USDC', myBid: '70 USDC' })
  await expectHistory(page, 'Offer raised', shortAddress(alice), '70 USDC')
  expect(await usdcOf(devnet, market.escrow)).toBe(70n * USDC)
  expect(await usdcOf(devnet, alice)).toBe(start.alice - 70n * USDC)

  await trade(page, 'Change bid', '60')
  await expectFacts(page, { highestBid: '60 USDC', myBid: '60 USDC' })
  await expectHistory(page, 'Offer lowered', shortAddress(alice), '60 USDC')
  expect(await usdcOf(devnet, market.escrow)).toBe(60n * USDC)
  expect(await usdcOf(devnet, alice)).toBe(start.alice - 60n * USDC)

  await menu(page, 'My bids')
  await expect(page.getByRole('heading', { name: 'My Bids' })).toBeVisible()
  await expect(cardFact(card(page, NAME), 'My Bid')).toHaveText('60 USDC')
  await saveScreen(page, 'my-bids')
  await card(page, NAME).getByRole('link', { name: NAME }).click()

  // She cancels: every unit comes back.
  await trade(page, 'Cancel bid')
  await expectFacts(page, { highestBid: '—', myBid: null })
  await expectHistory(page, 'Offer withdrawn', shortAddress(alice), '—')
  expect(await usdcOf(devnet, market.escrow)).toBe(0n)
  expect(await usdcOf(devnet, alice)).toBe(start.alice)
  await menu(page, 'My bids')
  await expect(page.getByText('You have no bids!')).toBeVisible()
  await page.goBack()

  // She bids 80 again; the seller sells now to her.
  await trade(page, 'Place a bid', '80')
  await expectFacts(page, { highestBid: '80 USDC', myBid: '80 USDC' })
  await selectAccount(page, seller)
  await expect(page.getByRole('main').getByRole('button', { name: 'Sell now' })).toBeVisible()
  await trade(page, 'Sell now')
  await expectFacts(page, { price: '—', highestBid: '—', owner: shortAddress(alice) })
  // One row names both parties of the sale.
  const sold = `Sold to ${shortAddress(alice)} by ${shortAddress(seller)}`
  await expectHistory(page, sold, `Seller ${shortAddress(seller)}`, '80 USDC')
  await expectNftAt(devnet, market, alice, parties)
  expect(await usdcOf(devnet, seller)).toBe(start.seller + 80n * USDC)
  expect(await usdcOf(devnet, alice)).toBe(start.alice - 80n * USDC)
  expect(await usdcOf(devnet, market.escrow)).toBe(0n)

  // Alice owns it now: My NFTs lists it; she lists it at 150 and Bob buys it now.
  await selectAccount(page, alice)
  await menu(page, 'My NFTs')
  await expect(card(page, NAME).getByRole('link', { name: 'Show my NFT' })).toBeVisible()
  await saveScreen(page, 'my-nfts')
  await card(page, NAME).getByRole('link', { name: NAME }).click()
  await trade(page, 'Set price', '150')
  await expectFacts(page, { price: '150 USDC', owner: shortAddress(alice) })
  await expectNftAt(devnet, market, market.escrow, parties)

  await selectAccount(page, bob)
  await trade(page, 'Buy now')
  await expectFacts(page, { price: '—', highestBid: '—', owner: shortAddress(bob) })
  const bought = `Bought from ${shortAddress(alice)} by ${shortAddress(bob)}`
  await expectHistory(page, bought, `Buyer ${shortAddress(bob)}`, '150 USDC')
  await expectNftAt(devnet, market, bob, parties)
  expect(await usdcOf(devnet, alice)).toBe(start.alice - 80n * USDC + 150n * USDC)
  expect(await usdcOf(devnet, bob)).toBe(start.bob - 150n * USDC)

  // Bob lists it and cancels the ask: the NFT comes back to his wallet.
  await trade(page, 'Set price', '300')
  await expectFacts(page, { price: '300 USDC', owner: shortAddress(bob) })
  await expectNftAt(devnet, market, market.escrow, parties)
  await trade(page, 'Cancel offer')
  await expectFacts(page, { price: '—', owner: shortAddress(bob) })
  await expectHistory(page, 'Delisted', shortAddress(bob), '—')
  await expectNftAt(devnet, market, bob, parties)
  await saveScreen(page, 'asset-details-history')
  // "Show all transactions" is the full log in the spec's operation names.
  await page.getByRole('button', { name: 'Show all transactions' }).click()
  await expectHistory(page, 'Cancel ask', shortAddress(bob), '—')
  await expectHistory(page, 'Cancel bid', shortAddress(alice), '—')
  await expectHistory(page, 'Sell Now', shortAddress(seller), '80 USDC')
  await expectHistory(page, 'Buy Now', shortAddress(bob), '150 USDC')
  await expectHistory(page, 'Opt In', shortAddress(alice), '—')

  // Nobody's USDC was created or lost along the way.
  const end = {
    seller: await usdcOf(devnet, seller),
    alice: await usdcOf(devnet, alice),
    bob: await usdcOf(devnet, bob),
  }
  expect(end.seller + end.alice + end.bob).toBe(start.seller + start.alice + start.bob)
})
