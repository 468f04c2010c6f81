// @vitest-environment node
/**
 * The auction dialogs' plans (src/auction/plan.ts) against a manager v3 on the embedded devnet,
 * through the action queue and the KMD wallet, as the dialogs run them: start, a first bid at the
 * reserve (NFT opt-in first), an outbid (the first bidder's USDC and deposit come back in the same
 * group), a bid under the minimum raise refused by the app, the chain's clock moved past the end
 * (dev-mode offset), settlement by a third account, cancel before a bid, and a refund the app had
 * to hold (the outbid bidder had left USDC) withdrawn. The fees each plan showed are the fees paid.
 */
import algosdk from 'algosdk'
import { AUCTION_DEPOSIT, group, wallet } from '@unica/contracts'
import { startDevnet, type Devnet } from '@unica/devnet'
import type { Asset } from '@unica/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// use-wallet keeps its session in localStorage; node has none.
const memory = new Map<string, string>()
globalThis.localStorage = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
  clear: () => {
    memory.clear()
  },
  key: (i: number) => [...memory.keys()][i] ?? null,
  get length() {
    return memory.size
  },
} satisfies Storage

const { createServices } = await import('../src/common/state/services.js')
const { connectWallet, selectAccount } = await import('../src/common/state/session.js')
const { createNft, deployContract, finishSetup } = await import('../src/create/flows.js')
const { runPlan } = await import('../src/common/market/run.js')
const { marketOf } = await import('../src/common/market/market-of.js')
const { MESSAGES } = await import('../src/common/lib/errors.js')
const { readAuctionFacts } = await import('../src/auction/facts.js')
const auction = await import('../src/auction/plan.js')
const { setup } = await import('./devnet-backend.js')

let devnet: Devnet
let algod: algosdk.Algodv2

beforeAll(async () => {
  devnet = await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0 })
  algod = new algosdk.Algodv2(devnet.token, 'http://127.0.0.1', devnet.ports.algod)
})

afterAll(async () => {
  await devnet.stop()
})

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
const USDC = 1_000_000n

describe('auctions from the web app on the devnet (manager v3)', () => {
  it('start, bid, outbid, refuse a low bid, settle after the end, cancel, withdraw held', async () => {
    const { services, fake } = setup(devnet, algod, createServices, 3)
    const byName = (n: string) => devnet.info.accounts.find((a) => a.name === n)!.address
    const [staff, alice, bob, carol] = ['Wallet2', 'Wallet3', 'Wallet4', 'Wallet5'].map(byName)
    const usdcId = devnet.info.usdcAssetId
    await connectWallet(services, 'kmd')
    await selectAccount(services, staff)
    const image = new File([PNG], 'gavel.png', { type: 'image/png' })
    const nft = { unitName: 'GAV', name: 'Gavel', description: 'Sold.', image }
    const created = await createNft(
      services,
      { ...nft, royalty: { recipients: [] } },
      () => {},
      'http://localhost:8000',
    )
    const appId = await deployContract(services, created, () => {})
    await finishSetup(services, created, appId, () => {})
    const asset: Asset = { ...fake.asset(), application_id: appId.toString() }
    expect(asset.contract_version).toBe(3)
    const chain = await services.chain()
    const nftId = BigInt(asset.asset_id)
    const escrow = algosdk.getApplicationAddress(appId).toString()
    const usdcOf = async (a: string) => (await chain.readAccount(a)).assets.get(`${usdcId}`) ?? 0n
    const algosOf = async (a: string) => (await chain.readAccount(a)).amount

    /** The dialog's context for the selected account, read fresh from the chain. */
    async function contextOf(address: string) {
      await selectAccount(services, address)
      const state = await chain.readMarket(appId)
      const ids = { appId, usdcId, nftId }
      return {
        address,
        account: await chain.readAccount(address),
        market: marketOf(asset, appId, usdcId),
        state,
        params: await chain.params(),
        facts: await readAuctionFacts(chain, state, ids, address),
        usdcDecimals: 6,
      }
    }
    const run = (plan: Parameters<typeof runPlan>[1]) => runPlan(services, plan)
    /**
     * Moves the chain's clock: dev mode's offset makes each block that many seconds after the one
     * before, so one block at `seconds`, then offset 0 (time held still from there). Apps read
     * the previous block's time (LatestTimestamp): the tick block is it.
     */
    async function advance(seconds: bigint) {
      const url = `${devnet.urls.algod}/v2/devmode/blocks/offset`
      const headers = { 'X-Algo-API-Token': devnet.token }
      const set = async (offset: bigint) => {
        expect((await fetch(`${url}/${offset}`, { method: 'POST', headers })).ok).toBe(true)
      }
      await set(seconds)
      const tick = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: staff,
        receiver: staff,
        amount: 0n,
        suggestedParams: await chain.params(),
      })
      await chain.send(await chain.sign('kmd', group([tick], [wallet(staff)])))
      await set(0n)
    }

    // The staff starts a 1-hour auction from the wallet: reserve 10 USDC, raise 10%.
    const terms = { reserve: 10n * USDC, duration: 3600n, raiseBp: 1000n, raiseMin: 0n }
    await run(auction.planStartAuction(await contextOf(staff), terms))
    let state = await chain.readMarket(appId)
    expect(state.auction).toMatchObject({ reserve: 10n * USDC, end: 0n, highestBid: 0n })
    expect(state.owner).toBe(staff)
    expect((await chain.readAccount(escrow)).assets.get(`${nftId}`)).toBe(1n)

    // Alice bids the reserve: the NFT opt-in first; the fees shown are the fees paid.
    const aliceStart = { usdc: await usdcOf(alice), algos: await algosOf(alice) }
    const first = auction.planAuctionBid(await contextOf(alice), 10n * USDC)
    expect(first.steps.map((s) => s.kind)).toEqual(['asset-opt-in', 'trade'])
    await run(first)
    state = await chain.readMarket(appId)
    expect(state.auction).toMatchObject({ highestBid: 10n * USDC, highestBidder: alice })
    expect(state.auction!.end).toBeGreaterThan(0n)
    expect(await usdcOf(alice)).toBe(aliceStart.usdc - 10n * USDC)
    expect(aliceStart.algos - (await algosOf(alice))).toBe(first.fees + AUCTION_DEPOSIT)

    // Bob outbids: Alice's USDC and deposit come back in the same group.
    const bobStart = { usdc: await usdcOf(bob), algos: await algosOf(bob) }
    const outbid = auction.planAuctionBid(await contextOf(bob), 11n * USDC)
    await run(outbid)
    expect(await usdcOf(alice)).toBe(aliceStart.usdc)
    expect(aliceStart.algos - (await algosOf(alice))).toBe(first.fees)
    expect(bobStart.algos - (await algosOf(bob))).toBe(outbid.fees + AUCTION_DEPOSIT)

    // Under the minimum raise (11 + 10% = 12.1): the app refuses; nothing moves.
    const low = auction.planAuctionBid(await contextOf(carol), 12_000_000n)
    await expect(run(low)).rejects.toThrow(MESSAGES.operationFailed)
    expect((await chain.readMarket(appId)).auction?.highestBidder).toBe(bob)

    // Settling before the end: refused. After it, Carol settles and pays only the fee.
    const early = auction.planSettle(await contextOf(carol))
    await expect(run(early)).rejects.toThrow(MESSAGES.operationFailed)
    await advance(3600n + 60n)
    const staffUsdc = await usdcOf(staff)
    const carolAlgos = await algosOf(carol)
    const settle = auction.planSettle(await contextOf(carol))
    await run(settle)
    expect(carolAlgos - (await algosOf(carol))).toBe(settle.fees)
    expect((await chain.readAccount(bob)).assets.get(`${nftId}`)).toBe(1n)
    // The creator sells: no royalty; the escrow keeps no USDC; Bob's deposit came back.
    expect(await usdcOf(staff)).toBe(staffUsdc + 11n * USDC)
    expect(await usdcOf(escrow)).toBe(0n)
    expect(bobStart.algos - (await algosOf(bob))).toBe(outbid.fees)
    state = await chain.readMarket(appId)
    expect(state.auction ?? null).toBeNull()
    // A second settle has nothing to settle: the plan says so before anything is signed.
    const again = await contextOf(carol)
    expect(() => auction.planSettle(again)).toThrow(/No auction/)

    // Bob starts an auction and cancels it before any bid: the NFT comes back.
    await run(auction.planStartAuction(await contextOf(bob), terms))
    await run(auction.planCancelAuction(await contextOf(bob)))
    expect((await chain.readAccount(bob)).assets.get(`${nftId}`)).toBe(1n)
    expect((await chain.readMarket(appId)).auction ?? null).toBeNull()

    // Again, and Alice bids, then leaves USDC: Carol's outbid cannot refund her, so the app holds
    // it; Alice opts in again and withdraws it with its deposit.
    await run(auction.planStartAuction(await contextOf(bob), terms))
    await run(auction.planAuctionBid(await contextOf(alice), 10n * USDC))
    const leave = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: alice,
      receiver: staff,
      assetIndex: usdcId,
      amount: 0n,
      closeRemainderTo: staff,
      suggestedParams: await chain.params(),
    })
    const aliceUsdcLeft = await usdcOf(alice)
    await chain.send(await chain.sign('kmd', group([leave], [wallet(alice)])))
    const carolBid = await contextOf(carol)
    expect(carolBid.facts.previousCanReceiveUsdc).toBe(false)
    await run(auction.planAuctionBid(carolBid, 11n * USDC))
    expect(await chain.readHeld(appId, alice)).toBe(10n * USDC)
    const rejoin = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: alice,
      receiver: alice,
      assetIndex: usdcId,
      amount: 0n,
      suggestedParams: await chain.params(),
    })
    await chain.send(await chain.sign('kmd', group([rejoin], [wallet(alice)])))
    const aliceAlgos = await algosOf(alice)
    const withdraw = auction.planWithdraw(await contextOf(alice))
    await run(withdraw)
    expect(await usdcOf(alice)).toBe(10n * USDC)
    expect(await chain.readHeld(appId, alice)).toBeNull()
    expect((await algosOf(alice)) - aliceAlgos).toBe(AUCTION_DEPOSIT - withdraw.fees)
    expect(aliceUsdcLeft).toBeGreaterThan(0n)
  }, 240_000)
})
