/**
 * Attacks on creating, deploying and configuring a manager, on the proxy logic sig, and on
 * replacing or deleting the app (docs/security.md W1, W3, W7, W8, W9).
 */
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import {
  buildBid,
  buildCancelAsk,
  buildConfigure,
  buildDeploy,
  buildSellNow,
  escrowAddress,
  proxyAddress,
  randomProxyId,
  tradeArgs,
  type Market,
  type UnsignedGroup,
} from '../../src/index.js'
import { assembleOrThrow } from '../../scripts/assemble-sources.js'
import { Harness, useHarness, signWith, type Account } from '../harness.js'
import { APPROVE_ALL, bidder, listedMarket, refused, regroup, setRekey, tamper } from './helpers.js'

let h: Harness
useHarness((started) => {
  h = started
})

/** A clear program that sends the escrow's whole balance of Assets[0] to whoever clears. */
const DRAINING_CLEAR = assembleOrThrow(
  [
    '#pragma version 10',
    'itxn_begin',
    'pushint 4',
    'itxn_field TypeEnum',
    'txna Assets 0',
    'itxn_field XferAsset',
    'txn Sender',
    'itxn_field AssetReceiver',
    'global CurrentApplicationAddress',
    'txna Assets 0',
    'asset_holding_get AssetBalance',
    'pop',
    'itxn_field AssetAmount',
    'itxn_submit',
    'pushint 1',
  ].join('\n'),
  'draining clear program',
)

type AppCreate = NonNullable<algosdk.Transaction['applicationCall']>
type Writable<T> = { -readonly [K in keyof T]: T[K] }
const appOf = (t: algosdk.Transaction): Writable<AppCreate> => t.applicationCall!

async function deployGroup(creator: Account, nftId: bigint, proxyId = randomProxyId()) {
  return buildDeploy({
    creator: creator.address,
    proxyId,
    usdcId: h.usdcId,
    nftId,
    // v1's deploy: these are v1's creation checks (v2's are in v2.test.ts).
    version: 1,
    params: await h.params(),
  })
}

interface AssetShape {
  total?: bigint
  decimals?: number
  defaultFrozen?: boolean
  freeze?: string
  clawback?: string
}

/** An asset with the given shape, created by `creator` outside the builders. */
async function createAsset(creator: Account, shape: AssetShape): Promise<bigint> {
  const txn = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
    sender: creator.address,
    total: shape.total ?? 1n,
    decimals: shape.decimals ?? 0,
    defaultFrozen: shape.defaultFrozen ?? false,
    freeze: shape.freeze,
    clawback: shape.clawback,
    manager: creator.address,
    reserve: creator.address,
    unitName: 'BAD',
    assetName: 'Not a marketplace NFT',
    suggestedParams: await h.params(),
  })
  const { txid } = await h.algod.sendRawTransaction(signWith(creator, txn)).do()
  const info = await algosdk.waitForConfirmation(h.algod, txid, 5)
  return info.assetIndex!
}

/** A deploy group must be refused, the proxy keep nothing and no app appear. */
async function deployRefused(g: UnsignedGroup, creator: Account, pattern?: RegExp) {
  const proxy = g.txns[1].sender.toString()
  await refused(h, undefined, [creator, proxy], () => h.send(g, creator), pattern)
}

describe('deploying a manager', () => {
  it('refuses an NFT with a clawback address (it could be taken back from escrow or a buyer)', async () => {
    const staff = await h.account()
    const nft = await createAsset(staff, { clawback: staff.address })
    await deployRefused(await deployGroup(staff, nft), staff)
  })

  it('refuses an NFT with a freeze address', async () => {
    const staff = await h.account()
    const nft = await createAsset(staff, { freeze: staff.address })
    await deployRefused(await deployGroup(staff, nft), staff)
  })

  it('refuses a default-frozen NFT', async () => {
    const staff = await h.account()
    const nft = await createAsset(staff, { defaultFrozen: true })
    await deployRefused(await deployGroup(staff, nft), staff)
  })

  it('refuses an asset with decimals (total 10, decimals 1: one "unit" would be 10 pieces)', async () => {
    const staff = await h.account()
    const nft = await createAsset(staff, { total: 10n, decimals: 1 })
    await deployRefused(await deployGroup(staff, nft), staff)
  })

  it('refuses an asset with more than one unit', async () => {
    const staff = await h.account()
    const nft = await createAsset(staff, { total: 2n })
    await deployRefused(await deployGroup(staff, nft), staff)
  })

  it("refuses a manager for an NFT the payer did not create (claiming someone else's NFT)", async () => {
    const staff = await h.account()
    const attacker = await h.account()
    const nft = await h.createNft(staff)
    await deployRefused(await deployGroup(attacker, nft), attacker)
  })

  it('refuses the NFT id given as the USDC id too', async () => {
    const staff = await h.account()
    const nft = await h.createNft(staff)
    const g = tamper(await deployGroup(staff, nft), ([pay, create]) => {
      appOf(create).appArgs = [algosdk.encodeUint64(nft), algosdk.encodeUint64(nft)]
      return [pay, create]
    })
    await deployRefused(g, staff)
  })

  it('refuses a schema other than the one paid for (an extra global uint)', async () => {
    const staff = await h.account()
    const nft = await h.createNft(staff)
    const g = tamper(await deployGroup(staff, nft), ([pay, create]) => {
      appOf(create).numGlobalInts = 5
      return [pay, create]
    })
    await deployRefused(g, staff)
  })

  it('refuses a second app from the same proxy', async () => {
    const staff = await h.account()
    const nft = await h.createNft(staff)
    const proxyId = randomProxyId()
    await h.deploy(staff, nft, proxyId)
    const again = await deployGroup(staff, nft, proxyId)
    // The proxy's own check passes; the manager counts the proxy's apps.
    await deployRefused(again, staff)
  })
})

describe('the proxy logic sig signs nothing but the manager creation', () => {
  /** A deployed proxy, holding the app's min balance: the prize of docs/security.md W9. */
  async function deployedProxy() {
    const staff = await h.account()
    const nft = await h.createNft(staff)
    const proxyId = randomProxyId()
    await h.deploy(staff, nft, proxyId)
    return { staff, nft, proxyId, proxy: proxyAddress(proxyId) }
  }

  it('refuses a payment from the proxy that closes it to an attacker (the sweep of docs/security.md W9)', async () => {
    const { proxyId, proxy } = await deployedProxy()
    const attacker = await h.account()
    const params = await h.params()
    // The deploy group's shape: [0] a payment to the proxy, [1] the proxy's transaction.
    const bait = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: attacker.address,
      receiver: proxy,
      amount: 0n,
      suggestedParams: { ...params, flatFee: true, fee: 2000n },
    })
    const sweep = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: proxy,
      receiver: attacker.address,
      amount: 1n,
      closeRemainderTo: attacker.address,
      suggestedParams: { ...params, flatFee: true, fee: 0n },
    })
    const g = regroup(
      [bait, sweep],
      [
        { kind: 'wallet', address: attacker.address },
        { kind: 'proxy', proxyId },
      ],
    )
    await refused(h, undefined, [attacker, proxy], () => h.send(g, attacker))
  })

  it('refuses a manager creation that rekeys the proxy', async () => {
    const staff = await h.account()
    const attacker = await h.account()
    const nft = await h.createNft(staff)
    const g = tamper(await deployGroup(staff, nft), ([pay, create]) => {
      setRekey(create, attacker.address)
      return [pay, create]
    })
    await deployRefused(g, staff)
  })

  it('refuses a different approval program (an approve-all app)', async () => {
    const staff = await h.account()
    const nft = await h.createNft(staff)
    const g = tamper(await deployGroup(staff, nft), ([pay, create]) => {
      appOf(create).approvalProgram = APPROVE_ALL
      return [pay, create]
    })
    await deployRefused(g, staff)
  })

  it('refuses a clear program that empties the escrow of USDC on ClearState', async () => {
    const staff = await h.account()
    const nft = await h.createNft(staff)
    const g = tamper(await deployGroup(staff, nft), ([pay, create]) => {
      appOf(create).clearProgram = DRAINING_CLEAR
      return [pay, create]
    })
    await deployRefused(g, staff)
  })

  it('refuses extra program pages (a schema the creator did not pay for)', async () => {
    const staff = await h.account()
    const nft = await h.createNft(staff)
    const g = tamper(await deployGroup(staff, nft), ([pay, create]) => {
      appOf(create).extraPages = 1
      return [pay, create]
    })
    await deployRefused(g, staff)
  })

  it('refuses a non-zero fee on the proxy transaction (the proxy would pay it)', async () => {
    const staff = await h.account()
    const nft = await h.createNft(staff)
    const g = tamper(await deployGroup(staff, nft), ([pay, create]) => {
      pay.fee = 1000n
      create.fee = 1000n
      return [pay, create]
    })
    await deployRefused(g, staff)
  })

  it('refuses a third transaction in the deploy group', async () => {
    const staff = await h.account()
    const nft = await h.createNft(staff)
    const params = await h.params()
    const extra = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: staff.address,
      receiver: staff.address,
      amount: 0n,
      suggestedParams: params,
    })
    const g = tamper(await deployGroup(staff, nft), ([pay, create]) => [pay, create, extra])
    await deployRefused(g, staff)
  })

  it('refuses a deploy group whose first transaction is not a payment to the proxy', async () => {
    const staff = await h.account()
    const nft = await h.createNft(staff)
    const g = tamper(await deployGroup(staff, nft), ([pay, create]) => {
      const payment = pay.payment as Writable<NonNullable<algosdk.Transaction['payment']>>
      payment.receiver = algosdk.Address.fromString(staff.address)
      return [pay, create]
    })
    await deployRefused(g, staff)
  })
})

describe('configuring the escrow', () => {
  async function deployed(): Promise<{ staff: Account; market: Market }> {
    const staff = await h.account()
    const nftId = await h.createNft(staff)
    const appId = await h.deploy(staff, nftId)
    return { staff, market: { appId, nftId, usdcId: h.usdcId } }
  }

  const configure = async (creator: Account, market: Market) =>
    buildConfigure({ creator: creator.address, ...market, version: 1, params: await h.params() })

  it('refuses configuring by anyone but the creator', async () => {
    const { staff, market } = await deployed()
    const attacker = await h.account()
    const g = await configure(attacker, market)
    await refused(h, market, [staff, attacker], () => h.send(g, attacker))
  })

  it('refuses configuring twice', async () => {
    const { staff, market } = await deployed()
    await h.send(await configure(staff, market), staff)
    const g = await configure(staff, market)
    await refused(h, market, [staff], () => h.send(g, staff))
  })

  it('refuses a configure payment short of the escrow min balance', async () => {
    const { staff, market } = await deployed()
    const g = tamper(await configure(staff, market), ([pay, call]) => {
      const payment = pay.payment as Writable<NonNullable<algosdk.Transaction['payment']>>
      payment.amount -= 1n
      return [pay, call]
    })
    await refused(h, market, [staff], () => h.send(g, staff))
  })

  it('refuses a configure payment sent elsewhere than the escrow', async () => {
    const { staff, market } = await deployed()
    const accomplice = await h.account()
    const g = tamper(await configure(staff, market), ([pay, call]) => {
      const payment = pay.payment as Writable<NonNullable<algosdk.Transaction['payment']>>
      payment.receiver = algosdk.Address.fromString(accomplice.address)
      return [pay, call]
    })
    await refused(h, market, [staff, accomplice], () => h.send(g, staff))
  })

  it('refuses a configure group with a third transaction (docs/security.md W3)', async () => {
    const { staff, market } = await deployed()
    const extra = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: staff.address,
      receiver: escrowAddress(market.appId),
      amount: 1n,
      suggestedParams: await h.params(),
    })
    const g = tamper(await configure(staff, market), ([pay, call]) => [pay, extra, call])
    await refused(h, market, [staff], () => h.send(g, staff))
  })
})

describe('replacing or deleting the app (docs/security.md W1)', () => {
  /** A market with the NFT listed and a bid in escrow: what docs/security.md W1 steals or locks. */
  async function loaded() {
    const listed = await listedMarket(h)
    const bidderAccount = await bidder(h, listed.market, 300n)
    return { ...listed, bidder: bidderAccount }
  }

  it('refuses UpdateApplication by the creator', async () => {
    const { staff, market, bidder: b } = await loaded()
    const update = algosdk.makeApplicationUpdateTxnFromObject({
      sender: staff.address,
      appIndex: market.appId,
      approvalProgram: APPROVE_ALL,
      clearProgram: APPROVE_ALL,
      suggestedParams: await h.params(),
    })
    await refused(h, market, [staff, b], () => h.sendSigned([signWith(staff, update)]))
  })

  it('refuses UpdateApplication carrying bid args with a USDC deposit (the group of docs/security.md W1)', async () => {
    const { staff, market, bidder: b } = await loaded()
    const attacker = await h.account()
    await h.optIn(attacker, market)
    const params = await h.params()
    const deposit = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: attacker.address,
      receiver: escrowAddress(market.appId),
      assetIndex: market.usdcId,
      amount: 0n,
      suggestedParams: params,
    })
    const update = algosdk.makeApplicationUpdateTxnFromObject({
      sender: attacker.address,
      appIndex: market.appId,
      approvalProgram: APPROVE_ALL,
      clearProgram: APPROVE_ALL,
      appArgs: tradeArgs('BID', 1n),
      suggestedParams: params,
    })
    const g = regroup([deposit, update])
    await refused(h, market, [staff, b, attacker], () => h.send(g, attacker))
  })

  it('refuses DeleteApplication by the creator (it would lock the NFT and every bid)', async () => {
    const { staff, market, bidder: b } = await loaded()
    const del = algosdk.makeApplicationDeleteTxnFromObject({
      sender: staff.address,
      appIndex: market.appId,
      suggestedParams: await h.params(),
    })
    await refused(h, market, [staff, b], () => h.sendSigned([signWith(staff, del)]))
  })

  it('refuses DeleteApplication carrying the args of an honest raise', async () => {
    const { staff, market, bidder: b } = await loaded()
    const raise = buildBid({
      bidder: b.address,
      market,
      currentBid: 300n,
      newBid: 400n,
      params: await h.params(),
    })
    const g = tamper(raise, ([deposit, call]) => {
      const app = appOf(call)
      app.onComplete = algosdk.OnApplicationComplete.DeleteApplicationOC
      return [deposit, call]
    })
    await refused(h, market, [staff, b], () => h.send(g, b))
    // The honest raise still goes through: the refusal was the OnCompletion alone.
    await h.send(raise, b)
    expect(await h.localBid(b.address, market)).toBe(400n)
  })

  it('refuses UpdateApplication carrying the args of an honest cancel-ask by the owner', async () => {
    const { staff, market, bidder: b } = await loaded()
    const update = algosdk.makeApplicationUpdateTxnFromObject({
      sender: staff.address,
      appIndex: market.appId,
      approvalProgram: APPROVE_ALL,
      clearProgram: APPROVE_ALL,
      appArgs: tradeArgs('ASK', 0n),
      foreignAssets: [market.nftId, market.usdcId],
      suggestedParams: { ...(await h.params()), flatFee: true, fee: 2000n },
    })
    await refused(h, market, [staff, b], () => h.sendSigned([signWith(staff, update)]))
  })
})

describe('a second manager for the same NFT', () => {
  it("cannot move the NFT or the USDC held by the first manager's escrow", async () => {
    const { staff, market } = await listedMarket(h)
    const b = await bidder(h, market, 300n)
    // The NFT's creator may deploy a second manager for it (it passes every create check).
    const appId = await h.deploy(staff, market.nftId)
    const second: Market = { appId, nftId: market.nftId, usdcId: h.usdcId }
    await h.send(
      buildConfigure({ creator: staff.address, ...second, version: 1, params: await h.params() }),
      staff,
    )
    await h.optIn(b, second, { nft: false })
    const params = await h.params()
    const watched = [staff, b, escrowAddress(market.appId)]
    // Cancel the ask through the second app: it holds no NFT and no ask.
    const cancel = buildCancelAsk({ seller: staff.address, market: second, params })
    await refused(h, second, watched, () => h.send(cancel, staff))
    // Sell to the first app's bidder through the second: the bid is not the second's.
    const sell = buildSellNow({
      seller: staff.address,
      buyer: b.address,
      bid: 300n,
      fromEscrow: true,
      market: second,
      params,
    })
    await refused(h, second, watched, () => h.send(sell, staff))
    // Cancel the first app's bid through the second: no bid of record there.
    const refund = buildBid({
      bidder: b.address,
      market: second,
      currentBid: 300n,
      newBid: 0n,
      params,
    })
    await refused(h, second, watched, () => h.send(refund, b))
    expect((await h.bidBoxes(market)).get(b.address)).toBe(300n)
  })
})
