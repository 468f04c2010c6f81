// @vitest-environment node
/**
 * The web app's chain side against the embedded devnet, through algod's and kmd's REST APIs:
 * the KMD wallet (use-wallet v4) signs, the staff flows create, deploy and configure an NFT's
 * market through the action queue, and a buyer's first bid runs the button flow (app opt-in,
 * NFT opt-in, bid) with the fees the plan showed. The backend is a double over HTTP: it records
 * submissions and, as the worker would, hands send_tx's blob to algod.
 */
import algosdk from 'algosdk'
import {
  APP_OPT_IN_COST,
  ASSET_MIN_BALANCE,
  BID_BOX_MIN_BALANCE,
  group,
  wallet,
  type Fillability,
} from '@unica/contracts'
import { startDevnet, type Devnet } from '@unica/devnet'
import type { SetupProgress } from '@unica/contracts/flows'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** The reason a bid or listing cannot be filled, or '' when it can (or is absent). */
const whyNot = (f: Fillability | null): string => (f !== null && !f.fillable ? f.why : '')

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
const { planBid } = await import('../src/trade/plan.js')
const { readFillability } = await import('../src/trade/fillability.js')
const { runPlan } = await import('../src/common/market/run.js')
const { setup: setupWith } = await import('./devnet-backend.js')
const { MESSAGES } = await import('../src/common/lib/errors.js')

let devnet: Devnet
let algod: algosdk.Algodv2

const setup = () => setupWith(devnet, algod, createServices)

beforeAll(async () => {
  devnet = await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0 })
  algod = new algosdk.Algodv2(devnet.token, 'http://127.0.0.1', devnet.ports.algod)
})

afterAll(async () => {
  await devnet.stop()
})

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])

describe('the web app on the devnet', () => {
  it('creates, deploys and configures an NFT, then a buyer places a first bid', async () => {
    const { services, fake } = setup()
    const byName = (n: string) => devnet.info.accounts.find((a) => a.name === n)!.address
    const staff = byName('Wallet2')
    const buyer = byName('Wallet3')

    // The KMD wallet lists the devnet's accounts; pick the staff account.
    await connectWallet(services, 'kmd')
    expect(services.store.get().alert).toBeNull()
    expect(services.store.get().accounts).toEqual(expect.arrayContaining([staff, buyer]))
    await selectAccount(services, staff)
    expect(services.store.get().user).toEqual({ isStaff: true })
    expect(services.store.get().account?.address).toBe(staff)

    const image = new File([PNG], 'sun.png', { type: 'image/png' })
    // Each confirmed chain step is told with its transaction and fees (the deploy checklist's).
    const progress: SetupProgress[] = []
    const told = (p: SetupProgress) => progress.push(p)
    const created = await createNft(
      services,
      {
        unitName: 'SUN',
        name: 'Sunrise',
        description: 'A sunrise.',
        image,
        royalty: { recipients: [] },
      },
      told,
      'http://localhost:8000',
    )
    const nftId = BigInt(created.asset_id)
    const info = await algod.getAssetByID(nftId).do()
    expect(info.params?.creator).toBe(staff)
    expect(info.params?.total).toBe(1n)
    // The upload proof is the staff's signed 0-Algo self-payment, never broadcast.
    const proof = algosdk.decodeSignedTransaction(
      algosdk.base64ToBytes(fake.submitted[0]?.proof as string),
    )
    expect(proof.txn.sender.toString()).toBe(staff)
    expect(proof.txn.payment?.amount).toBe(0n)

    const appId = await deployContract(services, created, told)
    expect(appId).toBeGreaterThan(0n)
    await finishSetup(services, created, appId, told)
    expect(progress.map((p) => p.step)).toEqual(['create-asset', 'deploy', 'configure'])
    for (const p of progress) {
      expect(p.txId).toMatch(/^[A-Z2-7]{52}$/)
      expect(p.fee).toBeGreaterThanOrEqual(1000n)
    }
    // The deploy and setup links are the transactions the backend was told about.
    expect(progress.slice(1).map((p) => p.txId)).toEqual(
      fake.submitted.slice(1).map((s) => s.tx_id),
    )
    const chain = await services.chain()
    const market = await chain.readMarket(appId)
    expect(market.escrow).toBe(algosdk.getApplicationAddress(appId).toString())
    expect(market.nftId).toBe(nftId)
    expect(fake.submitted.map((s) => s.kind)).toEqual([
      'asset',
      '/api/contracts/submit_contract/',
      '/api/contracts/submit_configuration/',
    ])
    expect(services.store.get().pendingAction).toBeNull()
    expect(services.store.get().pendingUpdate).toBeNull()

    // The buyer's first bid: app opt-in, NFT opt-in, then the bid, each verified.
    await selectAccount(services, buyer)
    const before = await chain.readAccount(buyer)
    const ctx = {
      address: buyer,
      account: before,
      market: { appId, nftId, usdcId: devnet.info.usdcAssetId },
      state: market,
      myBid: 0n,
      params: await chain.params(),
    }
    const plan = planBid(ctx, 2_500_000n)
    expect(plan.steps.map((s) => s.kind)).toEqual(['app-opt-in', 'asset-opt-in', 'trade'])
    await runPlan(services, plan)
    const after = await chain.readAccount(buyer)
    expect(await chain.readBid(appId, buyer)).toBe(2_500_000n)
    expect(after.apps.get(appId.toString())).toBe(2_500_000n)
    // The fees shown are the fees paid; the box deposit and the opt-ins' min balance are locked.
    expect(before.amount - after.amount).toBe(plan.fees + BID_BOX_MIN_BALANCE)
    expect(after.minBalance - before.minBalance).toBe(APP_OPT_IN_COST + ASSET_MIN_BALANCE)
    expect(plan.needed.algos).toBe(
      plan.fees + BID_BOX_MIN_BALANCE + APP_OPT_IN_COST + ASSET_MIN_BALANCE,
    )
    const usdc = devnet.info.usdcAssetId.toString()
    expect(before.assets.get(usdc)! - after.assets.get(usdc)!).toBe(2_500_000n)
    expect(services.store.get().alert?.text).toBe(MESSAGES.txSuccess)

    // A plan built on stale state (it thinks there is no bid) is refused by the app:
    // the queue reports 'Operation failed' and empties.
    const stale = planBid({ ...ctx, account: after, params: await chain.params() }, 3_000_000n)
    await expect(runPlan(services, stale)).rejects.toThrow(MESSAGES.operationFailed)
    expect(services.queue.size).toBe(0)
    expect(services.store.get().pendingUpdate).toBeNull()
    expect(await chain.readBid(appId, buyer)).toBe(2_500_000n)

    // Audit fix 3, read from algod: the bid is fillable while the bidder holds the NFT's opt-in,
    // and not once they leave it; a listing whose owner has no USDC opt-in is not fillable.
    const listed = {
      ...created,
      application_id: appId.toString(),
      price: '1000000',
      owner_address: buyer,
      highest_bid: { sender: buyer, value: '2500000' },
    }
    expect(await chain.readBids(appId)).toEqual([{ bidder: buyer, bid: 2_500_000n }])
    expect(await readFillability(chain, listed, devnet.info.usdcAssetId)).toEqual({
      listing: { fillable: true },
      highestBid: { fillable: true },
      bestFillable: { sender: buyer, bid: 2_500_000n },
    })
    const leave = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: buyer,
      receiver: buyer,
      assetIndex: nftId,
      amount: 0n,
      closeRemainderTo: staff,
      suggestedParams: await chain.params(),
    })
    await chain.send(await chain.sign('kmd', group([leave], [wallet(buyer)])))
    const nobody = algosdk.generateAccount().addr.toString()
    const left = await readFillability(
      chain,
      { ...listed, owner_address: nobody },
      devnet.info.usdcAssetId,
    )
    expect(left.listing?.fillable).toBe(false)
    expect(whyNot(left.listing)).toMatch(/USDC/)
    expect(left.highestBid?.fillable).toBe(false)
    expect(whyNot(left.highestBid)).toMatch(/opted out/)
    expect(left.bestFillable).toBeNull()
  }, 120_000)
})
