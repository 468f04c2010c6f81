/**
 * Attacks on the trades: asks, bids, buy now and sell now with the wrong signer, amount, asset,
 * receiver or sender, and front-running of a signed trade by a changed price or bid.
 */
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import {
  buildBid,
  buildBuyNow,
  buildChangeAsk,
  buildCancelAsk,
  buildConfigure,
  buildDeploy,
  buildListAsk,
  buildSellNow,
  escrowAddress,
  randomProxyId,
  tradeArgs,
  type Market,
} from '../../src/index.js'
import { Harness, useHarness, signWith, type Account } from '../harness.js'
import {
  bidder,
  listedMarket,
  moveAsset,
  payAlgos,
  refused,
  setAmount,
  setArgs,
  setAsset,
  setAssetSender,
  setReceiver,
  tamper,
} from './helpers.js'

let h: Harness
useHarness((started) => {
  h = started
})

/** A configured market whose NFT is still in its creator's wallet. */
async function walletMarket(): Promise<{ staff: Account; market: Market }> {
  const staff = await h.account()
  return { staff, market: await h.market(staff) }
}

describe('asks', () => {
  it('refuses a cancel (S 0) by anyone but the owner: the NFT would go to the caller', async () => {
    const { staff, market } = await listedMarket(h)
    const thief = await h.account()
    await h.optIn(thief, market, { app: false })
    const g = buildCancelAsk({ seller: thief.address, market, params: await h.params() })
    await refused(h, market, [staff, thief], () => h.send(g, thief))
  })

  it('refuses a price change by anyone but the owner', async () => {
    const { staff, market } = await listedMarket(h)
    const attacker = await h.account()
    const g = buildChangeAsk({
      seller: attacker.address,
      market,
      price: 1n,
      params: await h.params(),
    })
    await refused(h, market, [staff, attacker], () => h.send(g, attacker))
  })

  it('refuses listing at price 0 (docs/security.md W4: an NFT in escrow with no ask)', async () => {
    const { staff, market } = await walletMarket()
    const g = tamper(
      buildListAsk({ seller: staff.address, market, price: 5n, params: await h.params() }),
      ([nft, call]) => {
        setArgs(call, tradeArgs('ASK', 0n))
        return [nft, call]
      },
    )
    await refused(h, market, [staff], () => h.send(g, staff))
  })

  it('refuses a second listing while listed (an attacker taking over O with 0 units)', async () => {
    const { staff, market } = await listedMarket(h)
    const attacker = await h.account()
    await h.optIn(attacker, market, { app: false })
    const g = tamper(
      buildListAsk({ seller: attacker.address, market, price: 1n, params: await h.params() }),
      ([nft, call]) => {
        setAmount(nft, 0n)
        return [nft, call]
      },
    )
    await refused(h, market, [staff, attacker], () => h.send(g, attacker))
  })

  it('refuses a listing that deposits USDC instead of the NFT', async () => {
    const { staff, market } = await walletMarket()
    const g = tamper(
      buildListAsk({ seller: staff.address, market, price: 5n, params: await h.params() }),
      ([nft, call]) => {
        setAsset(nft, market.usdcId)
        return [nft, call]
      },
    )
    await refused(h, market, [staff], () => h.send(g, staff))
  })

  it('refuses a listing that deposits 0 units of the NFT', async () => {
    const { staff, market } = await walletMarket()
    const g = tamper(
      buildListAsk({ seller: staff.address, market, price: 5n, params: await h.params() }),
      ([nft, call]) => {
        setAmount(nft, 0n)
        return [nft, call]
      },
    )
    await refused(h, market, [staff], () => h.send(g, staff))
  })

  it("refuses a listing whose NFT goes to the seller's accomplice, not the escrow", async () => {
    const { staff, market } = await walletMarket()
    const accomplice = await h.account()
    await h.optIn(accomplice, market, { app: false })
    const g = tamper(
      buildListAsk({ seller: staff.address, market, price: 5n, params: await h.params() }),
      ([nft, call]) => {
        setReceiver(nft, accomplice.address)
        return [nft, call]
      },
    )
    await refused(h, market, [staff, accomplice], () => h.send(g, staff))
  })

  it('refuses a listing whose caller is not the account depositing the NFT (O would be wrong)', async () => {
    const { staff, market } = await walletMarket()
    const caller = await h.account()
    const params = await h.params()
    const callerList = buildListAsk({ seller: caller.address, market, price: 5n, params })
    const staffList = buildListAsk({ seller: staff.address, market, price: 5n, params })
    const g = tamper(staffList, ([nft]) => [nft, callerList.txns[1]])
    await refused(h, market, [staff, caller], () => h.send(g, staff, caller))
  })
})

describe('bids', () => {
  it('refuses a bid by the owner of the NFT in escrow', async () => {
    const { staff, market } = await listedMarket(h)
    await h.optIn(staff, market, { nft: false })
    const g = buildBid({
      bidder: staff.address,
      market,
      currentBid: 0n,
      newBid: 100n,
      params: await h.params(),
    })
    await refused(h, market, [staff], () => h.send(g, staff))
  })

  it('refuses a bid by the holder of the NFT (in their wallet)', async () => {
    const { staff, market } = await walletMarket()
    await h.optIn(staff, market, { nft: false })
    const g = buildBid({
      bidder: staff.address,
      market,
      currentBid: 0n,
      newBid: 100n,
      params: await h.params(),
    })
    await refused(h, market, [staff], () => h.send(g, staff))
  })

  it.each([
    ['4 bytes', 4],
    ['9 bytes', 9],
  ])('refuses a bid amount arg of %s', async (_name, length) => {
    const { staff, market } = await listedMarket(h)
    const b = await h.account()
    await h.optIn(b, market)
    const honest = buildBid({
      bidder: b.address,
      market,
      currentBid: 0n,
      newBid: 100n,
      params: await h.params(),
    })
    const amount = new Uint8Array(length)
    amount[length - 1] = 100
    const g = tamper(honest, (txns) => {
      setArgs(txns[2], [tradeArgs('BID', 100n)[0], amount])
      return txns
    })
    await refused(h, market, [staff, b], () => h.send(g, b))
    await h.send(honest, b)
  })

  it('refuses a bid whose USDC deposit is short of the bid (a later cancel would refund more)', async () => {
    const { staff, market } = await listedMarket(h)
    const b = await bidder(h, market, 100n)
    const g = tamper(
      buildBid({
        bidder: b.address,
        market,
        currentBid: 100n,
        newBid: 1000n,
        params: await h.params(),
      }),
      ([usdc, call]) => {
        setAmount(usdc, 1n)
        return [usdc, call]
      },
    )
    await refused(h, market, [staff, b], () => h.send(g, b))
  })

  it("refuses a bid whose USDC goes to the bidder's own other account", async () => {
    const { staff, market } = await listedMarket(h)
    const b = await bidder(h, market, 100n)
    const other = await h.account()
    const g = tamper(
      buildBid({
        bidder: b.address,
        market,
        currentBid: 100n,
        newBid: 200n,
        params: await h.params(),
      }),
      ([usdc, call]) => {
        setReceiver(usdc, other.address)
        return [usdc, call]
      },
    )
    await refused(h, market, [staff, b, other], () => h.send(g, b))
  })

  it("refuses a bid funded by another account's deposit (credited to the caller)", async () => {
    const { staff, market } = await listedMarket(h)
    const b = await bidder(h, market, 100n)
    const payer = await bidder(h, market, 100n)
    const params = await h.params()
    const payerRaise = buildBid({
      bidder: payer.address,
      market,
      currentBid: 100n,
      newBid: 200n,
      params,
    })
    const bRaise = buildBid({ bidder: b.address, market, currentBid: 100n, newBid: 200n, params })
    const g = tamper(payerRaise, ([usdc]) => [usdc, bRaise.txns[1]])
    await refused(h, market, [staff, b, payer], () => h.send(g, b, payer))
  })

  it('refuses a first bid without the box payment, even when the escrow holds spare Algos', async () => {
    const { staff, market } = await listedMarket(h)
    await payAlgos(h, staff, escrowAddress(market.appId), 1_000_000n)
    const b = await h.account()
    await h.optIn(b, market)
    const g = tamper(
      buildBid({
        bidder: b.address,
        market,
        currentBid: 0n,
        newBid: 100n,
        params: await h.params(),
      }),
      ([box, usdc, call]) => {
        setAmount(box, 0n)
        return [box, usdc, call]
      },
    )
    await refused(h, market, [staff, b], () => h.send(g, b))
  })
})

describe('buy now', () => {
  it('refuses buying when nothing is listed', async () => {
    const { staff, market } = await walletMarket()
    const buyer = await h.account()
    await h.optIn(buyer, market)
    const g = buildBuyNow({
      buyer: buyer.address,
      market,
      price: 500n,
      owner: staff.address,
      currentBid: 0n,
      params: await h.params(),
    })
    await refused(h, market, [staff, buyer], () => h.send(g, buyer))
  })

  it('refuses buying below the ask', async () => {
    const { staff, market, price } = await listedMarket(h)
    const buyer = await h.account()
    await h.optIn(buyer, market)
    const g = buildBuyNow({
      buyer: buyer.address,
      market,
      price: price - 1n,
      owner: staff.address,
      currentBid: 0n,
      params: await h.params(),
    })
    await refused(h, market, [staff, buyer], () => h.send(g, buyer))
  })

  it('refuses a signed purchase after the owner raised the ask (front-running)', async () => {
    const { staff, market, price } = await listedMarket(h)
    const buyer = await bidder(h, market, 100n)
    const params = await h.params()
    const signed = h.sign(
      buildBuyNow({
        buyer: buyer.address,
        market,
        price,
        owner: staff.address,
        currentBid: 100n,
        params,
      }),
      buyer,
    )
    await h.send(
      buildChangeAsk({ seller: staff.address, market, price: price * 10n, params }),
      staff,
    )
    await refused(h, market, [staff, buyer], () => h.sendSigned(signed))
  })

  it('refuses a purchase whose USDC deposit is short of the ask minus the bid', async () => {
    const { staff, market, price } = await listedMarket(h)
    const buyer = await bidder(h, market, 100n)
    const g = tamper(
      buildBuyNow({
        buyer: buyer.address,
        market,
        price,
        owner: staff.address,
        currentBid: 100n,
        params: await h.params(),
      }),
      ([usdc, call]) => {
        setAmount(usdc, 1n)
        return [usdc, call]
      },
    )
    await refused(h, market, [staff, buyer], () => h.send(g, buyer))
  })

  it('refuses the owner buying their own listing', async () => {
    const { staff, market, price } = await listedMarket(h)
    const g = buildBuyNow({
      buyer: staff.address,
      market,
      price,
      owner: staff.address,
      currentBid: 0n,
      params: await h.params(),
    })
    await refused(h, market, [staff], () => h.send(g, staff))
  })
})

describe('sell now', () => {
  it('refuses selling to an account with no bid', async () => {
    const { staff, market } = await listedMarket(h)
    const nobody = await h.account()
    await h.optIn(nobody, market)
    const g = buildSellNow({
      seller: staff.address,
      buyer: nobody.address,
      bid: 100n,
      fromEscrow: true,
      market,
      params: await h.params(),
    })
    await refused(h, market, [staff, nobody], () => h.send(g, staff))
  })

  it('refuses a signed sale after the bidder lowered the bid (front-running)', async () => {
    const { staff, market } = await listedMarket(h)
    const b = await bidder(h, market, 300n)
    const params = await h.params()
    const signed = h.sign(
      buildSellNow({
        seller: staff.address,
        buyer: b.address,
        bid: 300n,
        fromEscrow: true,
        market,
        params,
      }),
      staff,
    )
    await h.send(buildBid({ bidder: b.address, market, currentBid: 300n, newBid: 1n, params }), b)
    await refused(h, market, [staff, b], () => h.sendSigned(signed))
  })

  it('refuses a sale for more than the bid', async () => {
    const { staff, market } = await walletMarket()
    const b = await bidder(h, market, 300n)
    const g = buildSellNow({
      seller: staff.address,
      buyer: b.address,
      bid: 3000n,
      fromEscrow: false,
      market,
      params: await h.params(),
    })
    await refused(h, market, [staff, b], () => h.send(g, staff))
  })

  it('refuses selling to oneself', async () => {
    const { staff, market } = await walletMarket()
    const b = await bidder(h, market, 300n)
    // The bidder gets the NFT outside the app, keeping the bid, then "sells" to itself.
    await moveAsset(h, staff, b.address, market.nftId, 1n)
    const g = buildSellNow({
      seller: b.address,
      buyer: b.address,
      bid: 300n,
      fromEscrow: false,
      market,
      params: await h.params(),
    })
    await refused(h, market, [staff, b], () => h.send(g, b))
  })

  it('refuses a sale of the escrowed NFT by someone other than its owner', async () => {
    const { staff, market } = await listedMarket(h)
    const b = await bidder(h, market, 300n)
    const thief = await h.account()
    const g = buildSellNow({
      seller: thief.address,
      buyer: b.address,
      bid: 300n,
      fromEscrow: true,
      market,
      params: await h.params(),
    })
    await refused(h, market, [staff, b, thief], () => h.send(g, thief))
  })

  it("refuses a sale from the wallet whose NFT goes to the seller's other account", async () => {
    const { staff, market } = await walletMarket()
    const b = await bidder(h, market, 300n)
    const other = await h.account()
    await h.optIn(other, market, { app: false })
    const g = tamper(
      buildSellNow({
        seller: staff.address,
        buyer: b.address,
        bid: 300n,
        fromEscrow: false,
        market,
        params: await h.params(),
      }),
      ([nft, call]) => {
        setReceiver(nft, other.address)
        return [nft, call]
      },
    )
    await refused(h, market, [staff, b, other], () => h.send(g, staff))
  })

  it('refuses a sale from the wallet that sends the buyer 1 USDC instead of the NFT', async () => {
    const { staff, market } = await walletMarket()
    const b = await bidder(h, market, 300n)
    const g = tamper(
      buildSellNow({
        seller: staff.address,
        buyer: b.address,
        bid: 300n,
        fromEscrow: false,
        market,
        params: await h.params(),
      }),
      ([nft, call]) => {
        setAsset(nft, market.usdcId)
        return [nft, call]
      },
    )
    await refused(h, market, [staff, b], () => h.send(g, staff))
  })

  it('refuses a sale from the wallet with 0 units of the NFT', async () => {
    const { staff, market } = await walletMarket()
    const b = await bidder(h, market, 300n)
    const g = tamper(
      buildSellNow({
        seller: staff.address,
        buyer: b.address,
        bid: 300n,
        fromEscrow: false,
        market,
        params: await h.params(),
      }),
      ([nft, call]) => {
        setAmount(nft, 0n)
        return [nft, call]
      },
    )
    await refused(h, market, [staff, b], () => h.send(g, staff))
  })
})

describe('a clawback-style deposit (AssetSender set)', () => {
  it("refuses a bid paid with a victim's stablecoin by the stablecoin's clawback", async () => {
    // Mainnet USDC has a clawback address. Model it: a stablecoin whose clawback is `issuer`.
    const issuer = await h.account()
    const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
      sender: issuer.address,
      total: 1_000_000_000n,
      decimals: 6,
      defaultFrozen: false,
      clawback: issuer.address,
      unitName: 'cUSD',
      assetName: 'Stablecoin with clawback',
      suggestedParams: await h.params(),
    })
    const { txid } = await h.algod.sendRawTransaction(signWith(issuer, create)).do()
    const usdcId = (await algosdk.waitForConfirmation(h.algod, txid, 5)).assetIndex!
    const optInTo = async (a: Account) => {
      await moveAsset(h, a, a.address, usdcId, 0n)
    }

    const staff = await h.account()
    const nftId = await h.createNft(staff)
    const deploy = buildDeploy({
      creator: staff.address,
      proxyId: randomProxyId(),
      usdcId,
      nftId,
      params: await h.params(),
    })
    await h.send(deploy, staff)
    const info = await h.algod.pendingTransactionInformation(deploy.txns[1].txID()).do()
    const market: Market = { appId: info.applicationIndex!, nftId, usdcId }
    await h.send(
      buildConfigure({ creator: staff.address, ...market, params: await h.params() }),
      staff,
    )

    const victim = await h.account()
    await optInTo(victim)
    await moveAsset(h, issuer, victim.address, usdcId, 1000n)
    await h.optIn(issuer, market)

    const honest = buildBid({
      bidder: issuer.address,
      market,
      currentBid: 0n,
      newBid: 1000n,
      params: await h.params(),
    })
    const g = tamper(honest, ([box, usdc, call]) => {
      setAssetSender(usdc, victim.address)
      return [box, usdc, call]
    })
    await refused(h, market, [staff, issuer, victim], () => h.send(g, issuer))
    expect((await h.holdings(victim.address, market)).usdc).toBe(1000n)
  })
})
