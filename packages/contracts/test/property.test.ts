/**
 * Property test of the marketplace invariants: random sequences of valid and invalid operations by
 * the staff creator and four users on one market, sent to the devnet through the builders. After
 * every step the chain must match the model exactly (every refused group changes nothing, every
 * accepted one moves only what it intends), and the invariants below must hold on the chain alone.
 * fast-check prints the seed and the shrunk sequence of a failure.
 */
import fc from 'fast-check'
import { expect, it } from 'vitest'
import algosdk from 'algosdk'
import {
  BID_BOX_MIN_BALANCE,
  ESCROW_FUNDING,
  decodeBid,
  type ContractVersion,
  type Market,
} from '../src/index.js'
import { Harness, useHarness, type Account } from './harness.js'
import { actionsArbitrary, plan, type AccountView, type Action, type Model } from './model.js'

const USERS = 5 // index 0 is the staff creator
const RUNS = 12
/** v2's sales make more inner transactions: fewer runs in the same time, no shrinking. */
const RUNS_V2 = 6

let h: Harness
useHarness((started) => {
  h = started
})

async function view(address: string, market: Market): Promise<AccountView> {
  const info = await h.algod.accountInformation(address).do()
  const holding = (id: bigint) => info.assets?.find((a) => a.assetId === id)
  const local = info.appsLocalState?.find((a) => a.id === market.appId)
  return {
    algos: info.amount,
    minBalance: info.minBalance,
    usdc: holding(market.usdcId)?.amount ?? 0n,
    nft: holding(market.nftId)?.amount ?? 0n,
    nftOptIn: holding(market.nftId) !== undefined,
    localBid: local === undefined ? undefined : decodeBid(local.keyValue),
  }
}

/** The chain's state of the market, in the model's terms. */
async function snapshot(market: Market, addresses: readonly string[]): Promise<Model> {
  const index = (address: string): number => {
    const i = addresses.indexOf(address)
    if (i < 0) throw new Error(`unknown account ${address} in the app's state`)
    return i
  }
  const state = await h.state(market)
  const boxes = new Map<number, bigint>()
  for (const [bidder, bid] of await h.bidBoxes(market)) boxes.set(index(bidder), bid)
  return {
    users: await Promise.all(addresses.map((a) => view(a, market))),
    escrow: await view(h.escrow(market), market),
    ask: state.ask,
    owner: state.owner === null ? null : index(state.owner),
    bidCount: state.bidCount,
    boxes,
    held: (state.royalty ?? []).map((r) => r.held),
  }
}

/** The invariants, read from the chain alone; `context` says where a failure happened. */
function checkInvariants(s: Model, context: string): void {
  const bids = [...s.boxes.values()]
  expect(
    bids.every((b) => b > 0n),
    `a box holds a zero bid ${context}`,
  ).toBe(true)
  const sum = (xs: readonly bigint[]): bigint => xs.reduce((a, b) => a + b, 0n)
  expect(s.escrow.usdc, `escrow USDC is not open bids + unclaimed royalties ${context}`).toBe(
    sum(bids) + sum(s.held),
  )
  expect(s.bidCount, `global B is not the number of boxes ${context}`).toBe(BigInt(s.boxes.size))
  for (const [i, u] of s.users.entries()) {
    if (u.localBid === undefined) continue
    expect(u.localBid, `user ${i}'s local B is not their box ${context}`).toBe(s.boxes.get(i) ?? 0n)
  }
  // The single NFT unit is in exactly one place; in escrow iff O is set, and listed iff so.
  const places = [...s.users.map((u) => u.nft), s.escrow.nft]
  expect(places.toSorted(), `the NFT is not in one place ${context}`).toEqual([
    ...places.slice(1).map(() => 0n),
    1n,
  ])
  expect(s.owner !== null, `O disagrees with the escrow's NFT ${context}`).toBe(s.escrow.nft === 1n)
  expect(s.ask > 0n, `A disagrees with O ${context}`).toBe(s.owner !== null)
  // The escrow holds exactly its funding and the min balance of each open bid's box.
  const escrowAlgos = ESCROW_FUNDING + BID_BOX_MIN_BALANCE * BigInt(s.boxes.size)
  expect(s.escrow.algos, `escrow Algos ${context}`).toBe(escrowAlgos)
  expect(s.escrow.minBalance, `escrow min balance ${context}`).toBe(escrowAlgos)
}

/** Sends a group: ok if confirmed, not ok with algod's message if refused (HTTP 400). */
async function submit(signed: Uint8Array[]): Promise<{ ok: boolean; message: string }> {
  try {
    await h.sendSigned(signed)
    return { ok: true, message: '' }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    if (!message.includes('Received status 400')) throw e
    return { ok: false, message }
  }
}

const show = (x: unknown): string =>
  JSON.stringify(x, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))

/**
 * The price of an accepted sale is exactly paid out: the app's USDC transfers other than the
 * buyer's refund (the seller's and the recipients' shares) plus what it newly holds for recipients.
 */
async function expectPricePaidOut(
  txId: string,
  before: Model,
  after: Model,
  sender: number,
  usdcId: bigint,
  context: string,
): Promise<void> {
  const info = await h.algod.pendingTransactionInformation(txId).do()
  const args = info.txn.txn.applicationCall?.appArgs ?? []
  const name = args.length > 0 ? new TextDecoder().decode(args[0]) : ''
  if (name !== 'BN' && name !== 'SN') return
  const price = algosdk.decodeUint64(args[1], 'bigint')
  const paid = (info.innerTxns ?? []).flatMap((t) => {
    const a = t.txn.txn.assetTransfer
    return a !== undefined && a.assetIndex === usdcId ? [a.amount] : []
  })
  // Buy now with a bid above the ask refunds the buyer the excess first: not part of the price.
  const bid = before.boxes.get(sender) ?? 0n
  const refund = name === 'BN' && bid > price ? bid - price : 0n
  const sum = (xs: readonly bigint[]): bigint => xs.reduce((x, y) => x + y, 0n)
  const heldGrew = sum(after.held) - sum(before.held)
  expect(sum(paid) - refund + heldGrew, `the price is not exactly paid out ${context}`).toBe(price)
}

/**
 * A fresh market: the staff creator (user 0) holds the NFT and is not opted in to the app; users
 * 1-3 are opted in to the app and the NFT; user 4 only to USDC. Everyone has Algos and USDC. On
 * v2 the royalty goes to the creator (4%), user 4 (2%) and an outsider without USDC (3%, held).
 */
async function setup(version: ContractVersion): Promise<{ market: Market; keys: Account[] }> {
  const staff = await h.account()
  const users = [staff]
  for (let i = 1; i < USERS; i++) users.push(await h.account())
  const outsider = await h.accountWithoutUsdc()
  const royalty = {
    recipients: [
      { address: staff.address, share: 400n },
      { address: users[4].address, share: 200n },
      { address: outsider.address, share: 300n },
    ],
  }
  const market = await h.market(staff, version === 1 ? {} : { version, royalty })
  for (const user of users.slice(1, 4)) await h.optIn(user, market)
  return { market, keys: users }
}

async function run(version: ContractVersion, actions: Action[]): Promise<void> {
  const { market, keys } = await setup(version)
  const addresses = keys.map((k) => k.address)
  let model = await snapshot(market, addresses)
  checkInvariants(model, 'after setup')
  const trace: string[] = []
  for (const [step, action] of actions.entries()) {
    const ctx = { market, params: await h.params(), addresses }
    const p = plan(model, action, ctx)
    const result = await submit(h.sign(p.group, keys[p.sender]))
    trace.push(`${step}: ${show(action)} -> ${result.ok ? 'accepted' : 'refused'} (${p.why})`)
    const chain = await snapshot(market, addresses)
    const context = `after step ${step}:\n${trace.join('\n')}\n${result.message}`
    expect(result.ok, `expected ${p.accepted ? 'accepted' : 'refused'} ${context}`).toBe(p.accepted)
    if (!result.ok && p.byApp)
      expect(result.message, context).toMatch(/logic eval error|rejected by logic/)
    checkInvariants(chain, context)
    if (result.ok) {
      const call = p.group.txns[p.group.txns.length - 1].txID()
      await expectPricePaidOut(call, model, chain, p.sender, market.usdcId, context)
    }
    expect(chain, `chain differs from the model ${context}`).toEqual(p.next)
    model = chain
  }
}

it('keeps the escrow, the bids and the NFT consistent under random operations', async () => {
  await fc.assert(
    fc.asyncProperty(actionsArbitrary(USERS), (actions) => run(1, actions)),
    { numRuns: RUNS },
  )
}, 300_000)

it('v2: also pays every sale out exactly (seller, recipients, held) and holds escrow = bids + held', async () => {
  await fc.assert(
    fc.asyncProperty(actionsArbitrary(USERS), (actions) => run(2, actions)),
    { numRuns: RUNS_V2, endOnFailure: true },
  )
}, 300_000)
