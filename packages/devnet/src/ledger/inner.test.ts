/**
 * Boxes and inner transactions: the box min balance of data/basics/userBalance.go (charged to
 * the app account), and inner transactions as go-algorand runs them (data/transactions/logic/
 * eval.go opItxnSubmit: fees pooled, sender authorized; ledger/eval/applications.go Perform:
 * applied like top-level ones, counted before they apply).
 */
import algosdk from 'algosdk'
import { afterAll, describe, expect, it } from 'vitest'
import { sign, TestNet } from '../../test/kit/testnet.js'
import { AppKit, enc } from '../../test/kit/app-kit.js'

const net = new TestNet()
afterAll(() => net.close())
const { dispenser } = net
const { createApp, call, appAddress, global } = new AppKit(net)

describe('boxes (box min balance: 2,500 + 400 per byte of name and value)', () => {
  it('charges the app account, which must be funded', () => {
    const c = net.funded()
    const id = createApp(c)
    net.ok(sign(net.pay(dispenser, appAddress(id), 100_000n), dispenser.sk))
    const boxCall = () => call(c, id, ['box'], { boxes: [{ appIndex: 0, name: enc('b') }] })
    net.rejects(`account ${appAddress(id)} balance 100000 below min 106900 (0 assets)`, boxCall())
    net.ok(sign(net.pay(dispenser, appAddress(id), 6_900n), dispenser.sk))
    net.ok(boxCall())
    expect(net.chain.boxNames(id)).toEqual([enc('b')])
    expect(net.chain.box(id, enc('b'))).toEqual(new Uint8Array(10))
    expect(net.chain.accountInfo(appAddress(id), 'all')).toMatchObject({
      totalBoxes: 1,
      totalBoxBytes: 11,
    })
  })
})

describe('inner transactions (opItxnSubmit; applications.go Perform)', () => {
  const c = net.funded()
  const id = createApp(c)
  net.ok(sign(net.pay(dispenser, appAddress(id), 1_000_000n), dispenser.sk))

  it('pays from the app account with the fee pooled from the outer call', () => {
    const u = net.funded()
    const before = net.balance(u.addr)
    const [txid] = net.ok(call(u, id, ['pay'], {}, 2000n))
    expect(net.balance(u.addr)).toBe(before - 2000n + 1000n)
    const inner = net.chain.pending(txid)!.innerTxns!
    expect(inner).toHaveLength(1)
    expect(inner[0].txn.txn.payment!.amount).toBe(1000n)
    expect(inner[0].txn.txn.sender.toString()).toBe(appAddress(id))
    net.rejects('too small', call(u, id, ['pay'], {}, 1000n))
  })

  it('creates an asset from an inner transaction, the next creatable id', () => {
    const [txid] = net.ok(call(c, id, ['asset'], {}, 2000n))
    const p = net.chain.pending(txid)!
    const created = p.innerTxns![0].assetIndex!
    expect(algosdk.decodeUint64(p.logs![0], 'bigint')).toBe(created)
    expect(net.chain.asset(created)!.params!.creator).toBe(appAddress(id))
    // The outer call was counted after its inner transaction: the block's counter covers both.
    const header = net.chain.block(net.chain.lastRound())!.block.header
    expect(header.txnCounter).toBe(created)
  })

  it('calls another app, whose logs and state changes come back nested', () => {
    const callee = createApp(c)
    const [txid] = net.ok(call(c, id, ['call', 'inc'], { foreignApps: [callee] }, 2000n))
    const inner = net.chain.pending(txid)!.innerTxns![0]
    expect(inner.logs).toEqual([enc('counted')])
    expect(inner.globalStateDelta![0].value.uint).toBe(1n)
    expect(global(callee, 'count')).toMatchObject({ uint: 1n })
    net.rejects(
      'inner tx 0 failed: transaction rejected by ApprovalProgram',
      call(c, id, ['call', 'reject'], { foreignApps: [callee] }, 2000n),
    )
  })

  it('opts the app account in to an asset and pays it out (an escrow)', () => {
    const escrow = createApp(c)
    const usdc = net.usdc
    const [w] = net.wallets
    net.ok(sign(net.pay(dispenser, appAddress(escrow), 150_000n), dispenser.sk))
    net.rejects(
      `account ${appAddress(escrow)} balance 150000 below min 200000 (1 assets)`,
      call(c, escrow, ['optin'], { foreignAssets: [usdc] }, 2000n),
    )
    net.ok(sign(net.pay(dispenser, appAddress(escrow), 50_000n), dispenser.sk))
    net.ok(call(c, escrow, ['optin'], { foreignAssets: [usdc] }, 2000n))
    const deposit = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: w.addr,
      receiver: appAddress(escrow),
      assetIndex: usdc,
      amount: 10n,
      suggestedParams: net.params(),
    })
    const payout = algosdk.makeApplicationCallTxnFromObject({
      sender: w.addr,
      appIndex: escrow,
      onComplete: algosdk.OnApplicationComplete.NoOpOC,
      appArgs: [enc('sendasset')],
      foreignAssets: [usdc],
      suggestedParams: net.params({ fee: 3000n }),
    })
    const before = net.chain.accountAsset(w.addr, usdc)!.assetHolding!.amount
    const stxns = net.group([deposit, w.sk], [payout, w.sk])
    const [, txid] = net.ok(...stxns)
    expect(net.chain.accountAsset(w.addr, usdc)!.assetHolding!.amount).toBe(before - 5n)
    expect(net.chain.accountAsset(appAddress(escrow), usdc)!.assetHolding!.amount).toBe(5n)
    const inner = net.chain.pending(txid)!.innerTxns![0].txn.txn
    expect(inner.assetTransfer).toMatchObject({ assetIndex: usdc, amount: 5n })
  })

  it('cannot spend from an account the app does not control', () => {
    const victim = net.funded()
    net.rejects(
      `unauthorized ${victim.addr}`,
      call(c, id, ['steal'], { accounts: [victim.addr] }, 2000n),
    )
  })
})
