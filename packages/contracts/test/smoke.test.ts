import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildBid, buildListAsk, buildBuyNow } from '../src/index.js'
import { Harness } from './harness.js'

let h: Harness
beforeAll(async () => {
  h = await Harness.start()
})
afterAll(async () => {
  await h.stop()
})

it('smoke', async () => {
  const staff = await h.account()
  const market = await h.market(staff)
  const st = await h.state(market)
  expect(st.escrow).toBe(h.escrow(market))
  const params = await h.params()
  await h.send(buildListAsk({ seller: staff.address, market, price: 500n, params }), staff)
  const bidder = await h.account()
  await h.optIn(bidder, market)
  await h.send(
    buildBid({ bidder: bidder.address, market, currentBid: 0n, newBid: 100n, params }),
    bidder,
  )
  expect(await h.localBid(bidder.address, market)).toBe(100n)
  await h.send(
    buildBuyNow({
      buyer: bidder.address,
      market,
      price: 500n,
      owner: staff.address,
      currentBid: 100n,
      params,
    }),
    bidder,
  )
  expect((await h.holdings(bidder.address, market)).nft).toBe(1n)
})
