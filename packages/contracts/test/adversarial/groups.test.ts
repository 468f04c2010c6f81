/**
 * Attacks on the shape of every group: RekeyTo and AssetCloseTo on each transaction
 * (docs/security.md W2), fees above the bound, the escrow made to pay fees, and extra, missing,
 * reordered or doubled transactions. Each tampered group is sent against a state in which the
 * honest group is valid, and the honest group is sent afterwards to show it (so the refusal was the
 * tampering alone).
 */
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import {
  buildAppCloseOut,
  buildAppOptIn,
  buildBid,
  buildBuyNow,
  buildCancelAsk,
  buildChangeAsk,
  buildConfigure,
  buildListAsk,
  buildSellNow,
  escrowAddress,
  type Market,
  type UnsignedGroup,
} from '../../src/index.js'
import { Harness, useHarness, signWith, type Account } from '../harness.js'
import {
  bidder,
  clone,
  moveAsset,
  listedMarket,
  payAlgos,
  refused,
  regroup,
  setCloseTo,
  setRekey,
  tamper,
} from './helpers.js'

let h: Harness
useHarness((started) => {
  h = started
})

interface Honest {
  readonly market: Market
  readonly g: UnsignedGroup
  readonly keys: Account[]
  readonly watched: Account[]
}

/**
 * A configured market whose NFT is in the wallet of `staff`, here a collector who bought it (not
 * its creator: an asset's creator can never close its holding, so only a holder can be robbed by
 * an AssetCloseTo).
 */
async function walletMarket() {
  const creator = await h.account()
  const market = await h.market(creator)
  const staff = await h.account()
  await h.optIn(staff, market, { app: false })
  await moveAsset(h, creator, staff.address, market.nftId, 1n)
  return { staff, market }
}

/** Every honest group, each in a state where it is valid. `axfers`: its asset transfers' indexes. */
const SCENARIOS: { name: string; size: number; axfers: number[]; setup: () => Promise<Honest> }[] =
  [
    {
      name: 'list',
      size: 2,
      axfers: [0],
      setup: async () => {
        const { staff, market } = await walletMarket()
        const g = buildListAsk({
          seller: staff.address,
          market,
          price: 9n,
          params: await h.params(),
        })
        return { market, g, keys: [staff], watched: [staff] }
      },
    },
    {
      name: 'change ask',
      size: 1,
      axfers: [],
      setup: async () => {
        const { staff, market } = await listedMarket(h)
        const g = buildChangeAsk({
          seller: staff.address,
          market,
          price: 9n,
          params: await h.params(),
        })
        return { market, g, keys: [staff], watched: [staff] }
      },
    },
    {
      name: 'cancel ask',
      size: 1,
      axfers: [],
      setup: async () => {
        const { staff, market } = await listedMarket(h)
        const g = buildCancelAsk({ seller: staff.address, market, params: await h.params() })
        return { market, g, keys: [staff], watched: [staff] }
      },
    },
    {
      name: 'first bid',
      size: 3,
      axfers: [1],
      setup: async () => {
        const { staff, market } = await listedMarket(h)
        const b = await h.account()
        await h.optIn(b, market)
        const params = await h.params()
        const g = buildBid({ bidder: b.address, market, currentBid: 0n, newBid: 100n, params })
        return { market, g, keys: [b], watched: [staff, b] }
      },
    },
    {
      name: 'raise bid',
      size: 2,
      axfers: [0],
      setup: async () => {
        const { staff, market } = await listedMarket(h)
        const b = await bidder(h, market, 100n)
        const params = await h.params()
        const g = buildBid({ bidder: b.address, market, currentBid: 100n, newBid: 200n, params })
        return { market, g, keys: [b], watched: [staff, b] }
      },
    },
    {
      name: 'lower bid',
      size: 1,
      axfers: [],
      setup: async () => {
        const { staff, market } = await listedMarket(h)
        const b = await bidder(h, market, 300n)
        const params = await h.params()
        const g = buildBid({ bidder: b.address, market, currentBid: 300n, newBid: 100n, params })
        return { market, g, keys: [b], watched: [staff, b] }
      },
    },
    {
      name: 'cancel bid',
      size: 1,
      axfers: [],
      setup: async () => {
        const { staff, market } = await listedMarket(h)
        const b = await bidder(h, market, 300n)
        const params = await h.params()
        const g = buildBid({ bidder: b.address, market, currentBid: 300n, newBid: 0n, params })
        return { market, g, keys: [b], watched: [staff, b] }
      },
    },
    {
      name: 'buy now with a deposit',
      size: 2,
      axfers: [0],
      setup: async () => {
        const { staff, market, price } = await listedMarket(h)
        const b = await bidder(h, market, 100n)
        const g = buildBuyNow({
          buyer: b.address,
          market,
          price,
          owner: staff.address,
          currentBid: 100n,
          params: await h.params(),
        })
        return { market, g, keys: [b], watched: [staff, b] }
      },
    },
    {
      name: 'buy now from a bid above the ask',
      size: 1,
      axfers: [],
      setup: async () => {
        const { staff, market, price } = await listedMarket(h)
        const b = await bidder(h, market, price + 100n)
        const g = buildBuyNow({
          buyer: b.address,
          market,
          price,
          owner: staff.address,
          currentBid: price + 100n,
          params: await h.params(),
        })
        return { market, g, keys: [b], watched: [staff, b] }
      },
    },
    {
      name: 'sell now from escrow',
      size: 1,
      axfers: [],
      setup: async () => {
        const { staff, market } = await listedMarket(h)
        const b = await bidder(h, market, 300n)
        const g = buildSellNow({
          seller: staff.address,
          buyer: b.address,
          bid: 300n,
          fromEscrow: true,
          market,
          params: await h.params(),
        })
        return { market, g, keys: [staff], watched: [staff, b] }
      },
    },
    {
      name: 'sell now from the wallet',
      size: 2,
      axfers: [0],
      setup: async () => {
        const { staff, market } = await walletMarket()
        const b = await bidder(h, market, 300n)
        const g = buildSellNow({
          seller: staff.address,
          buyer: b.address,
          bid: 300n,
          fromEscrow: false,
          market,
          params: await h.params(),
        })
        return { market, g, keys: [staff], watched: [staff, b] }
      },
    },
    {
      name: 'opt in',
      size: 1,
      axfers: [],
      setup: async () => {
        const { staff, market } = await listedMarket(h)
        const u = await h.account()
        const g = buildAppOptIn({
          account: u.address,
          appId: market.appId,
          params: await h.params(),
        })
        return { market, g, keys: [u], watched: [staff, u] }
      },
    },
    {
      name: 'close out',
      size: 1,
      axfers: [],
      setup: async () => {
        const { staff, market } = await listedMarket(h)
        const u = await h.account()
        await h.optIn(u, market, { nft: false })
        const g = buildAppCloseOut({
          account: u.address,
          appId: market.appId,
          params: await h.params(),
        })
        return { market, g, keys: [u], watched: [staff, u] }
      },
    },
    {
      name: 'configure',
      size: 2,
      axfers: [],
      setup: async () => {
        const staff = await h.account()
        const nftId = await h.createNft(staff)
        const appId = await h.deploy(staff, nftId)
        const market = { appId, nftId, usdcId: h.usdcId }
        const g = buildConfigure({
          creator: staff.address,
          ...market,
          version: 1,
          params: await h.params(),
        })
        return { market, g, keys: [staff], watched: [staff] }
      },
    },
  ]

/** A thief able to receive either asset of the market (so a close to it is valid on the ledger). */
async function thief(market: Market): Promise<Account> {
  const t = await h.account()
  await h.optIn(t, market, { app: false })
  return t
}

/** Sends the tampered group (refused, nothing moved), then the honest one (accepted). */
async function attackThenHonest(
  s: Honest,
  edit: (txns: algosdk.Transaction[]) => algosdk.Transaction[] | undefined,
  extraWatched: Account[] = [],
) {
  const bad = tamper(s.g, edit)
  await refused(h, s.market, [...s.watched, ...extraWatched], () => h.send(bad, ...s.keys))
  await h.send(s.g, ...s.keys)
}

const rekeyCases = SCENARIOS.flatMap((s) =>
  Array.from({ length: s.size }, (_, i) => ({ label: `${s.name} [${i}]`, s, i })),
)
const closeCases = SCENARIOS.flatMap((s) =>
  s.axfers.map((i) => ({ label: `${s.name} [${i}]`, s, i })),
)

describe('RekeyTo on each transaction of each group', () => {
  it.each(rekeyCases)('refuses $label rekeyed to a thief', async ({ s, i }) => {
    const honest = await s.setup()
    const t = await h.account()
    const bad = tamper(honest.g, (txns) => {
      setRekey(txns[i], t.address)
      return txns
    })
    // Once [i] rekeys its sender, the ledger wants that sender's later transactions signed by
    // the thief: the victim signs up to [i], the thief signs the rest.
    const rekeyed = bad.txns[i].sender
    const signed = bad.txns.map((txn, j) => {
      if (j > i && txn.sender.equals(rekeyed)) return signWith(t, txn)
      const key = honest.keys.find((k) => k.address === txn.sender.toString())!
      return signWith(key, txn)
    })
    await refused(h, honest.market, [...honest.watched, t], () => h.sendSigned(signed))
    await h.send(honest.g, ...honest.keys)
  })
})

describe('AssetCloseTo on each asset transfer of each group', () => {
  it.each(closeCases)('refuses $label closing to a thief', async ({ s, i }) => {
    const honest = await s.setup()
    const t = await thief(honest.market)
    await attackThenHonest(
      honest,
      (txns) => {
        setCloseTo(txns[i], t.address)
        return txns
      },
      [t],
    )
  })
})

describe('fees', () => {
  it.each(SCENARIOS.map((s) => ({ label: s.name, s })))(
    'refuses a fee above 16x the minimum on the $label call',
    async ({ s }) => {
      const honest = await s.setup()
      await attackThenHonest(honest, (txns) => {
        txns[txns.length - 1].fee = 17n * 1000n
        return txns
      })
    },
  )

  it('refuses a cancel-ask whose fee does not cover the NFT return (the escrow would pay)', async () => {
    const { staff, market } = await listedMarket(h)
    // Spare Algos in the escrow: a contract letting inner transactions pay their own fee would
    // spend them.
    await payAlgos(h, staff, escrowAddress(market.appId), 1_000_000n)
    const honest = buildCancelAsk({ seller: staff.address, market, params: await h.params() })
    const bad = tamper(honest, ([call]) => {
      call.fee = 1000n
      return [call]
    })
    const message = await refused(h, market, [staff], () => h.send(bad, staff), /fee/)
    expect(message).toMatch(/logic eval error/)
    await h.send(honest, staff)
  })

  it('refuses a cancel-bid whose fee does not cover the refunds', async () => {
    const { staff, market } = await listedMarket(h)
    await payAlgos(h, staff, escrowAddress(market.appId), 1_000_000n)
    const b = await bidder(h, market, 300n)
    const params = await h.params()
    const honest = buildBid({ bidder: b.address, market, currentBid: 300n, newBid: 0n, params })
    const bad = tamper(honest, ([call]) => {
      call.fee = 1000n
      return [call]
    })
    await refused(h, market, [staff, b], () => h.send(bad, b), /fee/)
    await h.send(honest, b)
  })
})

describe('group size, order and position', () => {
  async function raise() {
    const { staff, market } = await listedMarket(h)
    const b = await bidder(h, market, 100n)
    const params = await h.params()
    const g = buildBid({ bidder: b.address, market, currentBid: 100n, newBid: 200n, params })
    const filler = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: b.address,
      receiver: b.address,
      amount: 0n,
      suggestedParams: params,
    })
    return { honest: { market, g, keys: [b], watched: [staff, b] }, filler }
  }

  it('refuses an extra transaction after the app call', async () => {
    const { honest, filler } = await raise()
    await attackThenHonest(honest, (txns) => [...txns, filler])
  })

  it('refuses an extra transaction before the deposit', async () => {
    const { honest, filler } = await raise()
    await attackThenHonest(honest, (txns) => [filler, ...txns])
  })

  it('refuses an extra transaction between the deposit and the app call', async () => {
    const { honest, filler } = await raise()
    await attackThenHonest(honest, ([usdc, call]) => [usdc, filler, call])
  })

  it('refuses the app call before its deposit', async () => {
    const { honest } = await raise()
    await attackThenHonest(honest, ([usdc, call]) => [call, usdc])
  })

  it('refuses the app call alone (the deposit left out)', async () => {
    const { honest } = await raise()
    await attackThenHonest(honest, ([, call]) => [call])
  })

  it('refuses two app calls sharing one deposit', async () => {
    const { honest } = await raise()
    await attackThenHonest(honest, ([usdc, call]) => {
      const again = clone(call)
      ;(again as unknown as { note: Uint8Array }).note = new Uint8Array([1])
      return [usdc, call, again]
    })
  })

  it("refuses a sale from escrow grouped with the buyer's cancel (a refund then a payout)", async () => {
    const { staff, market } = await listedMarket(h)
    const b = await bidder(h, market, 300n)
    const params = await h.params()
    const cancel = buildBid({ bidder: b.address, market, currentBid: 300n, newBid: 0n, params })
    const sell = buildSellNow({
      seller: staff.address,
      buyer: b.address,
      bid: 300n,
      fromEscrow: true,
      market,
      params,
    })
    const g = regroup([clone(sell.txns[0]), clone(cancel.txns[0])])
    await refused(h, market, [staff, b], () => h.send(g, staff, b))
    await h.send(sell, staff)
  })
})
