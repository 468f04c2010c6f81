/**
 * Contract v2's new paths under attack: the royalty split (underpaying or skipping a recipient,
 * changing the split, rounding dust, redirecting a cut to the seller, a recipient without USDC, a
 * seller posing as the creator, the largest amounts), claims, and the audit's fixes 1 and 2, each
 * run on v1 too, where it fails (`it.fails`): the finding is real on v1 and fixed on v2.
 */
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import {
  BASIS_POINTS,
  buildBid,
  buildClaim,
  buildConfigure,
  buildDeploy,
  buildSellNow,
  encodeRoyalty,
  royaltySplit,
  type ContractVersion,
  type Market,
  type Royalty,
} from '../../src/index.js'
import { Harness, useHarness, rejected, type Account } from '../harness.js'
import { bidder, clone, moveAsset, refused, regroup, setAccounts, setArgs } from './helpers.js'

let h: Harness
useHarness((started) => {
  h = started
})

const T = 60_000

/** A v2 market whose creator sold the NFT to `owner` (so the next sale pays the royalty). */
async function resale(
  royalty: (creator: Account) => Royalty | Promise<Royalty>,
  price = 1_000_000n,
) {
  const staff = await h.account()
  const market = await h.market(staff, { version: 2, royalty: await royalty(staff) })
  const owner = await bidder(h, market, price)
  await h.send(
    buildSellNow({
      seller: staff.address,
      buyer: owner.address,
      market,
      bid: price,
      fromEscrow: false,
      params: await h.params(),
    }),
    staff,
  )
  return { staff, market, owner }
}

const twoWay = async (creator: Account) => ({
  recipients: [
    { address: creator.address, share: 700n },
    { address: (await h.account()).address, share: 800n },
  ],
})

const usdcOf = async (a: string, market: Market) => (await h.holdings(a, market)).usdc

describe('royalty payouts cannot be bent', () => {
  it(
    'pays the real cuts whatever shares the seller claims (the group carries no amounts)',
    async () => {
      const { market, owner } = await resale(twoWay)
      const real = market.royalty!
      const buyer = await bidder(h, market, 10_000n)
      const lied = {
        ...market,
        royalty: { ...real, recipients: real.recipients.map((r) => ({ ...r, share: 1n })) },
      }
      const watched = real.recipients.map((r) => r.address)
      const before = await Promise.all(watched.map((a) => usdcOf(a, market)))
      const g = buildSellNow({
        seller: owner.address,
        buyer: buyer.address,
        market: lied,
        bid: 10_000n,
        fromEscrow: false,
        params: await h.params(),
      })
      await h.send(g, owner)
      const after = await Promise.all(watched.map((a) => usdcOf(a, market)))
      expect(after.map((x, i) => x - before[i])).toEqual(royaltySplit(10_000n, real, false).cuts)
    },
    T,
  )

  it(
    'refuses a sale that leaves a recipient out of its accounts (no underpaying by omission)',
    async () => {
      const { market, owner } = await resale(twoWay)
      const buyer = await bidder(h, market, 10_000n)
      const g = buildSellNow({
        seller: owner.address,
        buyer: buyer.address,
        market,
        bid: 10_000n,
        fromEscrow: false,
        params: await h.params(),
      })
      const call = clone(g.txns[1])
      const named = call.applicationCall!.accounts.map((a) => a.toString())
      setAccounts(call, named.slice(0, 2))
      const tampered = regroup([clone(g.txns[0]), call], [...g.signers])
      const recipients = market.royalty!.recipients.map((r) => r.address)
      await refused(
        h,
        market,
        [owner, buyer, ...recipients],
        () => h.send(tampered, owner),
        /unavailable Account|logic eval error/,
      )
    },
    T,
  )

  it(
    'refuses a sale naming the seller in place of a recipient (no royalty to the seller)',
    async () => {
      const { market, owner } = await resale(twoWay)
      const buyer = await bidder(h, market, 10_000n)
      const g = buildSellNow({
        seller: owner.address,
        buyer: buyer.address,
        market,
        bid: 10_000n,
        fromEscrow: false,
        params: await h.params(),
      })
      const call = clone(g.txns[1])
      const named = call.applicationCall!.accounts.map((a) => a.toString())
      setAccounts(call, [named[0], owner.address, named[2]])
      const tampered = regroup([clone(g.txns[0]), call], [...g.signers])
      await refused(
        h,
        market,
        [owner, buyer],
        () => h.send(tampered, owner),
        /unavailable Account|logic eval error/,
      )
    },
    T,
  )

  it(
    'refuses a seller posing as the creator: the fee of a royalty-free sale does not cover the payouts',
    async () => {
      const { market, owner } = await resale(twoWay)
      const buyer = await bidder(h, market, 10_000n)
      const posing = { ...market, royalty: { ...market.royalty!, creator: owner.address } }
      const g = buildSellNow({
        seller: owner.address,
        buyer: buyer.address,
        market: posing,
        bid: 10_000n,
        fromEscrow: false,
        params: await h.params(),
      })
      await refused(
        h,
        market,
        [owner, buyer],
        () => h.send(g, owner),
        /fee too small|logic eval error/,
      )
    },
    T,
  )

  it('pays out exactly the price at amounts where the floor matters: no dust stays or leaks', async () => {
    const odd = async (creator: Account) => ({
      recipients: [
        { address: creator.address, share: 1n },
        { address: (await h.account()).address, share: 1_499n },
      ],
    })
    const { market, owner } = await resale(odd)
    let seller = owner
    for (const price of [1n, 9_999n, 10_001n, 6_667n]) {
      const buyer = await bidder(h, market, price)
      const watched = [seller.address, ...market.royalty!.recipients.map((r) => r.address)]
      const before = await Promise.all(watched.map((a) => usdcOf(a, market)))
      await h.send(
        buildSellNow({
          seller: seller.address,
          buyer: buyer.address,
          market,
          bid: price,
          fromEscrow: false,
          params: await h.params(),
        }),
        seller,
      )
      const after = await Promise.all(watched.map((a) => usdcOf(a, market)))
      const got = after.map((x, i) => x - before[i])
      const split = royaltySplit(price, market.royalty!, false)
      expect(got).toEqual([split.seller, ...split.cuts])
      expect(got.reduce((a, b) => a + b, 0n)).toBe(price)
      expect(await usdcOf(h.escrow(market), market)).toBe(0n)
      seller = buyer
    }
  }, 120_000)

  it(
    'settles the largest sale the devnet can fund at the highest royalty exactly (mulw/divw)',
    async () => {
      const max = (creator: Account) => ({
        recipients: [{ address: creator.address, share: 1_500n }],
      })
      const { staff, market, owner } = await resale(max)
      const price = 400_000_000_000_000n
      const buyer = await h.account(10_000_000n, price)
      await h.optIn(buyer, market)
      await h.send(
        buildBid({
          bidder: buyer.address,
          market,
          currentBid: 0n,
          newBid: price,
          params: await h.params(),
        }),
        buyer,
      )
      const [s0, o0] = [await usdcOf(staff.address, market), await usdcOf(owner.address, market)]
      await h.send(
        buildSellNow({
          seller: owner.address,
          buyer: buyer.address,
          market,
          bid: price,
          fromEscrow: false,
          params: await h.params(),
        }),
        owner,
      )
      expect((await usdcOf(staff.address, market)) - s0).toBe((price * 1_500n) / BASIS_POINTS)
      expect((await usdcOf(owner.address, market)) - o0).toBe(
        price - (price * 1_500n) / BASIS_POINTS,
      )
    },
    T,
  )

  it(
    'never lets a recipient who opted out of USDC block a sale: its cut is held',
    async () => {
      const away = await h.account()
      const { market, owner } = await resale(() => ({
        recipients: [{ address: away.address, share: 1_000n }],
      }))
      // The recipient leaves USDC (closes its holding out to the issuer's reserve).
      const leave = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: away.address,
        receiver: away.address,
        assetIndex: h.usdcId,
        amount: 0n,
        closeRemainderTo: h.kit.issuer.address,
        suggestedParams: await h.params(),
      })
      await h.sendSigned([
        h.sign(regroup([leave], [{ kind: 'wallet', address: away.address }]), away)[0],
      ])
      const buyer = await bidder(h, market, 50_000n)
      await h.send(
        buildSellNow({
          seller: owner.address,
          buyer: buyer.address,
          market,
          bid: 50_000n,
          fromEscrow: false,
          params: await h.params(),
        }),
        owner,
      )
      expect((await h.state(market)).royalty?.[0].held).toBe(5_000n)
      expect(await usdcOf(h.escrow(market), market)).toBe(5_000n)
    },
    T,
  )
})

describe('the split is fixed', () => {
  async function configured(royalty: Royalty) {
    const staff = await h.account()
    return { staff, market: await h.market(staff, { version: 2, royalty }) }
  }

  it(
    'refuses configuring again with another split',
    async () => {
      const { staff, market } = await configured({ recipients: [] })
      const g = buildConfigure({
        creator: staff.address,
        ...market,
        royalty: { recipients: [{ address: staff.address, share: 1_500n }] },
        params: await h.params(),
      })
      await refused(h, market, [staff], () => h.send(g, staff))
    },
    T,
  )

  it('refuses splits the contract does not take: above 15%, a zero share, five recipients, ragged bytes, the zero address', async () => {
    const staff = await h.account()
    const nftId = await h.createNft(staff)
    const appId = await h.deploy(staff, nftId, undefined, 2)
    const market: Market = { appId, nftId, usdcId: h.usdcId, version: 2 }
    const honest = buildConfigure({
      creator: staff.address,
      ...market,
      royalty: { recipients: [{ address: staff.address, share: 1_500n }] },
      params: await h.params(),
    })
    const key = (share: bigint, address = staff.address) => [
      ...algosdk.decodeAddress(address).publicKey,
      ...algosdk.encodeUint64(share),
    ]
    const bad = [
      key(1_501n),
      [...key(1_000n), ...key(501n, (await h.account()).address)],
      key(0n),
      [...key(1n), ...key(1n), ...key(1n), ...key(1n), ...key(1n)],
      key(10n).slice(0, 39),
      key(10n, algosdk.ALGORAND_ZERO_ADDRESS_STRING),
      key(10n, h.escrow(market)),
    ]
    for (const royalty of bad) {
      const call = clone(honest.txns[1])
      setArgs(call, [new TextEncoder().encode('C'), new Uint8Array(royalty)])
      const g = regroup([clone(honest.txns[0]), call], [...honest.signers])
      await refused(h, market, [staff], () => h.send(g, staff))
    }
    // The honest one still goes through: the refusals were the split's.
    await h.send(honest, staff)
    expect((await h.state(market)).royalty).toHaveLength(1)
    expect(() =>
      encodeRoyalty({ recipients: [{ address: staff.address, share: 1_501n }] }, 2),
    ).toThrow(RangeError)
  }, 120_000)
})

describe('claims', () => {
  async function held() {
    const away = await h.accountWithoutUsdc()
    const { market, owner } = await resale(() => ({
      recipients: [{ address: away.address, share: 1_000n }],
    }))
    const buyer = await bidder(h, market, 20_000n)
    await h.send(
      buildSellNow({
        seller: owner.address,
        buyer: buyer.address,
        market,
        bid: 20_000n,
        fromEscrow: false,
        params: await h.params(),
      }),
      owner,
    )
    await h.kit.optIn(away)
    return { market, away }
  }

  it(
    'refuses a claim by anyone but the recipient, for another amount, or twice',
    async () => {
      const { market, away } = await held()
      const thief = await h.account()
      const p = await h.params()
      await refused(h, market, [thief, away], () =>
        h.send(buildClaim({ recipient: thief.address, market, amount: 2_000n, params: p }), thief),
      )
      await refused(h, market, [away], () =>
        h.send(buildClaim({ recipient: away.address, market, amount: 1_999n, params: p }), away),
      )
      await refused(h, market, [away], () =>
        h.send(buildClaim({ recipient: away.address, market, amount: 2_001n, params: p }), away),
      )
      await h.send(buildClaim({ recipient: away.address, market, amount: 2_000n, params: p }), away)
      const later = await h.params()
      await refused(h, market, [away], () =>
        h.send(
          buildClaim({ recipient: away.address, market, amount: 2_000n, params: later }),
          away,
        ),
      )
      expect(await usdcOf(away.address, market)).toBe(2_000n)
    },
    T,
  )
})

/** Audit fix 1: a bidder who came to hold the NFT can still lower and cancel. */
async function bidderHoldingTheNft(version: ContractVersion): Promise<void> {
  const staff = await h.account()
  const market = await h.market(staff, { version })
  const b = await bidder(h, market, 3_000n)
  await moveAsset(h, staff, b.address, market.nftId, 1n)
  const p = await h.params()
  await h.send(
    buildBid({ bidder: b.address, market, currentBid: 3_000n, newBid: 1_000n, params: p }),
    b,
  )
  await h.send(
    buildBid({ bidder: b.address, market, currentBid: 1_000n, newBid: 0n, params: p }),
    b,
  )
  expect(await usdcOf(h.escrow(market), market)).toBe(0n)
  // Raising while holding it stays refused on both.
  await rejected(
    h.send(buildBid({ bidder: b.address, market, currentBid: 0n, newBid: 5_000n, params: p }), b),
  )
}

describe('audit fix 1: lowering and cancelling a bid while holding the NFT', () => {
  it('works on v2', () => bidderHoldingTheNft(2), T)
  it.fails('fails on v1 (the finding)', () => bidderHoldingTheNft(1), T)
})

/**
 * Audit fix 2: an attacker who sees a pending deploy uses its proxy first for their own NFT. The
 * deploy must refuse that, so the creator's own deploy still goes through.
 */
async function frontRunRefused(version: ContractVersion): Promise<void> {
  const staff = await h.account()
  const attacker = await h.account()
  const [nft, own] = [await h.createNft(staff), await h.createNft(attacker)]
  const proxyId = 424242 + Number(nft % 1000n)
  const params = await h.params()
  const pending = buildDeploy({
    creator: staff.address,
    proxyId,
    usdcId: h.usdcId,
    nftId: nft,
    params,
    version,
  })
  // The attacker's group: the same proxy (signed with its logic sig), paid by the attacker, for
  // the attacker's NFT.
  const theirs = buildDeploy({
    creator: staff.address,
    proxyId,
    usdcId: h.usdcId,
    nftId: own,
    params,
    version,
  })
  const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: attacker.address,
    receiver: theirs.txns[0].payment!.receiver,
    amount: theirs.txns[0].payment!.amount,
    suggestedParams: { ...params, flatFee: true, fee: theirs.txns[0].fee },
  })
  const attack = regroup(
    [pay, clone(theirs.txns[1])],
    [{ kind: 'wallet', address: attacker.address }, theirs.signers[1]],
  )
  // The manager refuses a foreign NFT anyway unless its creator pays: the attacker created `own`.
  await rejected(h.send(attack, attacker))
  await h.send(pending, staff)
}

describe('audit fix 2: a pending deploy cannot be front-run through its proxy', () => {
  it('is refused on v2 (the proxy is bound to its creator)', () => frontRunRefused(2), T)
  it.fails('goes through on v1 (the finding)', () => frontRunRefused(1), T)
})
