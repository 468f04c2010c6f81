/**
 * Assets as go-algorand applies them: ledger/apply/asset.go `AssetConfig`, `AssetTransfer`,
 * `AssetFreeze`; data/transactions/asset.go `wellFormed`; the asset min balance of
 * data/basics/userBalance.go.
 */
import algosdk from 'algosdk'
import { afterAll, describe, expect, it } from 'vitest'
import { newAccount, sign, TestNet, type Acct } from '../../test/kit/testnet.js'

const net = new TestNet()
afterAll(() => net.close())

function create(
  creator: Acct,
  over: Partial<Parameters<typeof algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject>[0]> = {},
): bigint {
  const txn = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
    sender: creator.addr,
    total: 1000n,
    decimals: 0,
    defaultFrozen: false,
    unitName: 'TST',
    assetName: 'Test asset',
    manager: creator.addr,
    reserve: creator.addr,
    freeze: creator.addr,
    clawback: creator.addr,
    suggestedParams: net.params(),
    ...over,
  })
  const [id] = net.ok(sign(txn, creator.sk))
  return net.chain.pending(id)!.assetIndex!
}

const xfer = (from: Acct, to: string, assetIndex: bigint, amount: bigint, extra = {}) =>
  sign(
    algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: from.addr,
      receiver: to,
      assetIndex,
      amount,
      suggestedParams: net.params(),
      ...extra,
    }),
    from.sk,
  )

const optIn = (a: Acct, id: bigint) => xfer(a, a.addr, id, 0n)
const holding = (a: Acct, id: bigint) => net.chain.accountAsset(a.addr, id)?.assetHolding

describe('asset creation (AssetConfig with ConfigAsset 0)', () => {
  it('gives the asset the id txn counter + 1 and the whole supply to the creator', () => {
    const c = net.funded()
    const counter = net.chain.block(net.chain.lastRound())!.block.header.txnCounter
    const id = create(c)
    expect(id).toBe(counter + 1n)
    expect(holding(c, id)!.amount).toBe(1000n)
    const info = net.chain.accountInfo(c.addr, 'none')
    expect(info.totalCreatedAssets).toBe(1)
    expect(info.createdAssets![0].index).toBe(id)
    expect(info.minBalance).toBe(200_000n)
  })

  it('charges 0.1 Algo of minimum balance for the creation', () => {
    const c = net.funded(200_000n)
    const txn = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
      sender: c.addr,
      total: 1n,
      decimals: 0,
      defaultFrozen: false,
      suggestedParams: net.params(),
    })
    net.rejects(`account ${c.addr} balance 199000 below min 200000 (1 assets)`, sign(txn, c.sk))
  })

  it('refuses malformed params (asset.go wellFormed)', () => {
    const c = net.funded()
    const make = (over: object) =>
      sign(
        algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
          sender: c.addr,
          total: 1n,
          decimals: 0,
          defaultFrozen: false,
          suggestedParams: net.params(),
          ...over,
        }),
        c.sk,
      )
    net.rejects('transaction asset name too big: 33 > 32', make({ assetName: 'x'.repeat(33) }))
    net.rejects('transaction asset unit name too big: 9 > 8', make({ unitName: 'x'.repeat(9) }))
    net.rejects('transaction asset decimals is too high (max is 19)', make({ decimals: 20 }))
  })
})

describe('asset reconfiguration and destruction (AssetConfig)', () => {
  it('lets only the manager reconfigure, and never revives a cleared address', () => {
    const c = net.funded()
    const id = create(c, { freeze: undefined })
    const other = newAccount()
    const reconfig = (sender: Acct, over: object) =>
      sign(
        algosdk.makeAssetConfigTxnWithSuggestedParamsFromObject({
          sender: sender.addr,
          assetIndex: id,
          manager: c.addr,
          reserve: other.addr,
          freeze: other.addr,
          clawback: c.addr,
          strictEmptyAddressChecking: false,
          suggestedParams: net.params(),
          ...over,
        }),
        sender.sk,
      )
    const stranger = net.funded()
    net.rejects(
      `this transaction should be issued by the manager. It is issued by ${stranger.addr}, manager key ${c.addr}`,
      reconfig(stranger, {}),
    )
    net.ok(reconfig(c, {}))
    const params = net.chain.asset(id)!.params!
    expect(params.reserve).toBe(other.addr)
    expect(params.freeze).toBeUndefined()
    // Clearing the manager makes the asset immutable.
    net.ok(reconfig(c, { manager: undefined }))
    net.rejects('this transaction should be issued by the manager', reconfig(c, {}))
  })

  it('destroys only with every unit back at the creator', () => {
    const c = net.funded()
    const h = net.funded()
    const id = create(c)
    net.ok(optIn(h, id))
    net.ok(xfer(c, h.addr, id, 10n))
    const destroy = () =>
      sign(
        algosdk.makeAssetDestroyTxnWithSuggestedParamsFromObject({
          sender: c.addr,
          assetIndex: id,
          suggestedParams: net.params(),
        }),
        c.sk,
      )
    net.rejects('cannot destroy asset: creator is holding only 990/1000', destroy())
    net.ok(xfer(h, c.addr, id, 10n))
    net.ok(destroy())
    expect(net.chain.asset(id)).toBeUndefined()
    const info = net.chain.accountInfo(c.addr, 'all')
    expect(info.totalCreatedAssets).toBe(0)
    expect(info.totalAssetsOptedIn).toBe(0)
    expect(info.minBalance).toBe(100_000n)
  })
})

describe('asset transfers (AssetTransfer)', () => {
  const c = net.funded()
  const id = create(c)

  it('opts in with a zero self-transfer, charging 0.1 Algo of minimum balance', () => {
    const poor = net.funded(200_000n)
    net.rejects(`account ${poor.addr} balance 199000 below min 200000 (1 assets)`, optIn(poor, id))
    const h = net.funded()
    net.ok(optIn(h, id))
    expect(holding(h, id)).toMatchObject({ amount: 0n, isFrozen: false })
    expect(net.chain.accountInfo(h.addr, 'all').minBalance).toBe(200_000n)
  })

  it('refuses a receiver that has not opted in, and more than the sender holds', () => {
    const h = net.funded()
    net.rejects(
      `receiver error: must optin, asset ${id} missing from ${h.addr}`,
      xfer(c, h.addr, id, 1n),
    )
    net.ok(optIn(h, id))
    net.rejects('underflow on subtracting 5 from sender amount 0', xfer(h, c.addr, id, 5n))
  })

  it('closes a holding out to another account, reporting the amount', () => {
    const h = net.funded()
    net.ok(optIn(h, id))
    net.ok(xfer(c, h.addr, id, 7n))
    const [txid] = net.ok(xfer(h, c.addr, id, 2n, { closeRemainderTo: c.addr }))
    expect(net.chain.pending(txid)!.assetClosingAmount).toBe(5n)
    expect(holding(h, id)).toBeUndefined()
    expect(net.chain.accountInfo(h.addr, 'all').minBalance).toBe(100_000n)
    net.rejects(
      'cannot close asset ID in allocating account',
      xfer(c, h.addr, id, 0n, { closeRemainderTo: h.addr }),
    )
  })

  it('claws back only from the clawback address', () => {
    const h = net.funded()
    net.ok(optIn(h, id))
    net.ok(xfer(c, h.addr, id, 3n))
    const thief = net.funded()
    net.ok(optIn(thief, id))
    net.rejects(
      `clawback not allowed: sender ${thief.addr}, clawback ${c.addr}`,
      xfer(thief, thief.addr, id, 3n, { assetSender: h.addr }),
    )
    net.ok(xfer(c, c.addr, id, 3n, { assetSender: h.addr }))
    expect(holding(h, id)!.amount).toBe(0n)
  })

  it('refuses a clawback when the asset has no clawback address', () => {
    const c2 = net.funded()
    const id2 = create(c2, { clawback: undefined })
    const h = net.funded()
    net.ok(optIn(h, id2))
    net.ok(xfer(c2, h.addr, id2, 1n))
    net.rejects('clawback not allowed', xfer(c2, c2.addr, id2, 1n, { assetSender: h.addr }))
  })
})

describe('asset freezing (AssetFreeze)', () => {
  const c = net.funded()
  const id = create(c)
  const freeze = (sender: Acct, target: string, frozen: boolean) =>
    sign(
      algosdk.makeAssetFreezeTxnWithSuggestedParamsFromObject({
        sender: sender.addr,
        freezeTarget: target,
        assetIndex: id,
        frozen,
        suggestedParams: net.params(),
      }),
      sender.sk,
    )

  it('lets only the freeze address freeze, and a frozen holding neither sends nor receives', () => {
    const h = net.funded()
    net.ok(optIn(h, id))
    net.ok(xfer(c, h.addr, id, 10n))
    const stranger = net.funded()
    net.rejects(
      `freeze not allowed: sender ${stranger.addr}, freeze ${c.addr}`,
      freeze(stranger, h.addr, true),
    )
    net.ok(freeze(c, h.addr, true))
    expect(holding(h, id)!.isFrozen).toBe(true)
    net.rejects(`asset ${id} frozen in ${h.addr}`, xfer(h, c.addr, id, 1n))
    net.rejects('asset frozen in recipient', xfer(c, h.addr, id, 1n))
    // The clawback address moves frozen units; closing out to the creator is allowed too.
    net.ok(xfer(c, c.addr, id, 1n, { assetSender: h.addr }))
    net.ok(xfer(h, c.addr, id, 0n, { closeRemainderTo: c.addr }))
  })

  it('starts holdings frozen when the asset is default-frozen', () => {
    const c2 = net.funded()
    const id2 = create(c2, { defaultFrozen: true })
    const h = net.funded()
    net.ok(optIn(h, id2))
    expect(holding(h, id2)!.isFrozen).toBe(true)
    // The creator's own holding is never frozen.
    expect(holding(c2, id2)!.isFrozen).toBe(false)
  })
})
