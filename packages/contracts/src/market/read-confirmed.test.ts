/**
 * Reading confirmed calls: the inner transactions written out as teal/manager.teal sends them
 * (not from the description), and what the reader makes of them. The server's block test reads
 * the same from the devnet.
 */
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { tradeArgs } from '../args.js'
import { buildDeploy } from '../builders/setup.js'
import { AUCTION_DEPOSIT, BID_BOX_MIN_BALANCE } from '../protocol.js'
import { readConfirmedCall, readDeployment, type ConfirmedCall } from './read-confirmed.js'
import { CURRENT_VERSION } from './versions.js'

const market = { appId: 3001n, nftId: 2001n, usdcId: 1001n }
const [buyer, owner] = Array.from({ length: 2 }, () => algosdk.generateAccount().addr.toString())

const call = (over: Partial<ConfirmedCall>): ConfirmedCall => ({
  sender: buyer,
  appId: market.appId,
  created: false,
  onComplete: algosdk.OnApplicationComplete.NoOpOC,
  args: [],
  accounts: [],
  assets: [market.nftId, market.usdcId],
  inner: [],
  ...over,
})
const usdc = (receiver: string, amount: bigint) =>
  ({ type: 'axfer', assetId: market.usdcId, receiver, amount }) as const
const nft = (receiver: string) =>
  ({ type: 'axfer', assetId: market.nftId, receiver, amount: 1n }) as const
const box = (receiver: string) => ({ type: 'pay', receiver, amount: BID_BOX_MIN_BALANCE }) as const

describe('readConfirmedCall', () => {
  it('reads a buy now covered by a larger bid: the refund tells the bid, the ask who O was', () => {
    const read = readConfirmedCall(
      call({
        args: tradeArgs('BUY_NOW', 50n),
        accounts: [owner],
        inner: [usdc(buyer, 20n), nft(buyer), usdc(owner, 50n), box(buyer)],
      }),
    )
    expect(read).toMatchObject({ operation: 'BUY_NOW', opType: 'BUY_NOW', value: 50n })
    expect(read?.variant?.name).toBe('covered')
    expect(read?.roles).toMatchObject({ buyer, owner })
    expect(read?.bids).toEqual(new Map([[buyer, 0n]]))
  })

  it('reads a buy now topped up without a bid', () => {
    const read = readConfirmedCall(
      call({
        args: tradeArgs('BUY_NOW', 50n),
        accounts: [owner],
        inner: [nft(buyer), usdc(owner, 50n)],
      }),
    )
    expect(read?.variant?.name).toBe('top-up')
    expect(read?.roles).toMatchObject({ owner })
  })

  it('reads a sell now: the payouts reveal the buyer and from where the NFT went', () => {
    const fromEscrow = readConfirmedCall(
      call({
        sender: owner,
        args: tradeArgs('SELL_NOW', 40n),
        accounts: [buyer],
        inner: [nft(buyer), usdc(owner, 40n), box(buyer)],
      }),
    )
    expect(fromEscrow?.variant?.name).toBe('from-escrow')
    expect(fromEscrow?.roles).toMatchObject({ seller: owner, buyer })
    expect(fromEscrow?.bids).toEqual(new Map([[buyer, 0n]]))
    const fromWallet = readConfirmedCall(
      call({
        sender: owner,
        args: tradeArgs('SELL_NOW', 40n),
        accounts: [buyer],
        inner: [usdc(owner, 40n), box(buyer)],
      }),
    )
    expect(fromWallet?.variant?.name).toBe('from-wallet')
  })

  it('reads bids: a lower refunds the difference, a cancel the bid and the box', () => {
    const lower = readConfirmedCall(
      call({ args: tradeArgs('BID', 30n), inner: [usdc(buyer, 20n)] }),
    )
    expect(lower?.variant?.name).toBe('lower')
    expect(lower?.bids).toEqual(new Map([[buyer, 30n]]))
    const cancel = readConfirmedCall(
      call({ args: tradeArgs('BID', 0n), inner: [usdc(buyer, 50n), box(buyer)] }),
    )
    expect(cancel?.variant?.name).toBe('cancel')
    expect(cancel?.bids).toEqual(new Map([[buyer, 0n]]))
  })

  it('reads the calls without an amount, and nothing of calls the manager never approves', () => {
    const { OptInOC, CloseOutOC, ClearStateOC, UpdateApplicationOC } = algosdk.OnApplicationComplete
    expect(readConfirmedCall(call({ onComplete: OptInOC }))?.opType).toBe('OPT_IN')
    expect(readConfirmedCall(call({ onComplete: CloseOutOC }))?.opType).toBe('CLOSE_OUT')
    expect(readConfirmedCall(call({ onComplete: ClearStateOC }))).toMatchObject({
      opType: 'CLEAR',
      value: 0n,
    })
    const configure = call({ args: [new TextEncoder().encode('C')] })
    expect(readConfirmedCall(configure)).toMatchObject({ opType: 'CONFIGURE', value: 0n })
    expect(readConfirmedCall(call({ onComplete: UpdateApplicationOC }))).toBeNull()
    expect(readConfirmedCall(call({ args: [new TextEncoder().encode('X')] }))).toBeNull()
    expect(readConfirmedCall(call({ created: true }))).toBeNull()
    // A short amount reads as 0, as the history always recorded it.
    const short = call({ args: [new TextEncoder().encode('S'), Uint8Array.of(5)] })
    expect(readConfirmedCall(short)).toMatchObject({ opType: 'ASK', value: 0n })
  })
})

describe('readConfirmedCall: counterparty, payouts and royalty from the description', () => {
  const [creator, r1, r2, winner, previous, settler] = Array.from({ length: 6 }, () =>
    algosdk.generateAccount().addr.toString(),
  )
  const split = {
    creator,
    recipients: [
      { address: r1, share: 500n },
      { address: r2, share: 300n },
    ],
  }
  const deposit = (receiver: string) =>
    ({ type: 'pay', receiver, amount: AUCTION_DEPOSIT }) as const
  const named = (name: string, amount: bigint) => [
    new TextEncoder().encode(name),
    algosdk.encodeUint64(amount),
  ]

  it('reads a v2 sale whose first cut is held: each cut by recipient, the net, the royalty', () => {
    const sale = call({
      args: tradeArgs('BUY_NOW', 10_000n),
      accounts: [owner, r1, r2],
      inner: [nft(buyer), usdc(r2, 300n), usdc(owner, 9_200n)],
    })
    const read = readConfirmedCall(sale, 2, { royalty: split })
    expect(read?.counterparty).toBe(owner)
    expect(read?.royalty).toBe(800n)
    expect(
      read?.payouts.map((p) => [p.role, p.account, p.rule.kind, p.amount, p.heldIn ?? 'sent']),
    ).toEqual([
      ['buyer', buyer, 'constant', 1n, 'sent'],
      ['recipient1', r1, 'royalty', 500n, 'royaltySlot'],
      ['recipient2', r2, 'royalty', 300n, 'sent'],
      ['owner', owner, 'net', 9_200n, 'sent'],
    ])
    // Without the split the held cut is not told, but the net tells the cuts together.
    expect(readConfirmedCall(sale, 2)?.royalty).toBe(800n)
    // The creator selling pays no royalty; v1 has none.
    const fromCreator = call({
      args: tradeArgs('BUY_NOW', 10_000n),
      accounts: [creator],
      inner: [nft(buyer), usdc(creator, 10_000n)],
    })
    expect(readConfirmedCall(fromCreator, 2, { royalty: split })?.royalty).toBe(0n)
    expect(readConfirmedCall(fromCreator, 1)?.royalty).toBeNull()
  })

  it('names the refunded bidder of an auction bid; none for the first bid', () => {
    const bid = call({
      sender: winner,
      args: named('AB', 100n),
      accounts: [previous],
      inner: [usdc(previous, 90n), deposit(previous)],
    })
    expect(readConfirmedCall(bid, 3)?.counterparty).toBe(previous)
    const first = call({
      sender: winner,
      args: named('AB', 100n),
      accounts: [algosdk.ALGORAND_ZERO_ADDRESS_STRING],
    })
    expect(readConfirmedCall(first, 3)?.counterparty).toBeNull()
  })

  it('reads a settlement as a sale of the highest bid, its royalty the seller gave up', () => {
    const settle = (inner: ConfirmedCall['inner']) =>
      call({
        sender: settler,
        args: named('AZ', 100n),
        accounts: [winner, owner, r1],
        inner,
      })
    const one = { creator, recipients: [{ address: r1, share: 500n }] }
    const paid = settle([nft(winner), usdc(r1, 5n), usdc(owner, 95n), deposit(winner)])
    expect(readConfirmedCall(paid, 3, { royalty: one })).toMatchObject({
      counterparty: winner,
      royalty: 5n,
      value: 100n,
    })
    // The seller's USDC held for them: the net cannot tell the royalty, the split can.
    const held = settle([nft(winner), usdc(r1, 5n)])
    expect(readConfirmedCall(held, 3)?.royalty).toBeNull()
    const read = readConfirmedCall(held, 3, { royalty: one })
    expect(read?.royalty).toBe(5n)
    expect(read?.payouts.at(-1)).toMatchObject({
      role: 'owner',
      account: owner,
      amount: 95n,
      heldIn: 'heldBox',
    })
  })

  it('decodes the state the call wrote', () => {
    const cancel = call({
      sender: owner,
      args: tradeArgs('ASK', 0n),
      inner: [nft(owner)],
      globalDelta: new Map<string, bigint | Uint8Array | null>([
        ['A', 0n],
        ['O', new Uint8Array(32)],
      ]),
    })
    expect(readConfirmedCall(cancel)?.state).toEqual({ ask: 0n, owner: null })
  })
})

describe('readDeployment', () => {
  const params: algosdk.SuggestedParams = {
    flatFee: true,
    fee: 0n,
    minFee: 1000n,
    firstValid: 1n,
    lastValid: 2n,
    genesisHash: new Uint8Array(32),
  }
  const g = buildDeploy({ creator: owner, proxyId: 7, usdcId: 11n, nftId: 22n, params })
  const app = g.txns[1].applicationCall!
  const created = {
    created: true,
    appId: 5n,
    args: app.appArgs,
    approvalProgram: app.approvalProgram,
    clearProgram: app.clearProgram,
  }

  it('reads the assets a creation of exactly our programs is for', () => {
    expect(readDeployment(created)).toEqual({ version: CURRENT_VERSION, usdcId: 11n, nftId: 22n })
  })

  it('reads nothing of another program, a call, or args that are not two uint64s', () => {
    expect(readDeployment({ ...created, approvalProgram: Uint8Array.of(10, 129, 1) })).toBeNull()
    expect(readDeployment({ ...created, created: false })).toBeNull()
    expect(readDeployment({ ...created, args: [app.appArgs[0]] })).toBeNull()
    expect(readDeployment({ ...created, args: [app.appArgs[0], Uint8Array.of(1)] })).toBeNull()
  })
})
