/**
 * Applications as go-algorand applies them: ledger/apply/application.go `ApplicationCall`
 * (create, opt-in, call, close-out, clear-state, update, delete), ledger/eval/appcow.go
 * (StatefulEval, state schemas), the app and box min balances of data/basics/userBalance.go,
 * and inner transactions (data/transactions/logic/eval.go opItxnSubmit, ledger/eval/
 * applications.go Perform).
 */
import algosdk from 'algosdk'
import { afterAll, describe, expect, it } from 'vitest'
import { program, sign, TestNet } from '../../test/kit/testnet.js'
import { AppKit, APPROVAL, CLEAR_OK, CLEAR_WRITES_AND_FAILS, enc } from '../../test/kit/app-kit.js'

const net = new TestNet()
afterAll(() => net.close())
const { createTxn, createApp, call, oc, global } = new AppKit(net)

describe('app creation (application.go createApplication)', () => {
  it('creates the app with id counter + 1 and charges the creator for it and its global schema', () => {
    const c = net.funded()
    const counter = net.chain.block(net.chain.lastRound())!.block.header.txnCounter
    const id = createApp(c, { globalInts: 1, globalBytes: 1 })
    expect(id).toBe(counter + 1n)
    const info = net.chain.accountInfo(c.addr, 'none')
    // 0.1 base + 0.1 per app + 28,500 per uint + 50,000 per byte slice.
    expect(info.minBalance).toBe(100_000n + 100_000n + 28_500n + 50_000n)
    expect(info.appsTotalSchema).toMatchObject({ numUint: 1, numByteSlice: 1 })
    expect(info.createdApps![0].id).toBe(id)
    expect(global(id, 'count')).toMatchObject({ type: 2, uint: 0n })
  })

  it('refuses a creation the creator cannot afford, and charges extra pages', () => {
    const poor = net.funded(250_000n)
    net.rejects(
      `account ${poor.addr} balance 249000 below min 278500 (0 assets)`,
      sign(createTxn(poor, { globalInts: 1, globalBytes: 1 }), poor.sk),
    )
    const rich = net.funded()
    createApp(rich, { extraPages: 1 })
    expect(net.chain.accountInfo(rich.addr, 'all')).toMatchObject({
      appsTotalExtraPages: 1,
      minBalance: 100_000n + 100_000n + 100_000n + 28_500n,
    })
  })

  it('refuses schemas over the protocol maxima (ApplicationCallTxnFields.wellFormed)', () => {
    const c = net.funded()
    net.rejects(
      'tx.GlobalStateSchema is too large. 65 > 64',
      sign(createTxn(c, { globalInts: 65 }), c.sk),
    )
    net.rejects(
      'tx.LocalStateSchema is too large. 17 > 16',
      sign(createTxn(c, { localInts: 17 }), c.sk),
    )
  })
})

describe('app calls (application.go ApplicationCall; appcow.go StatefulEval)', () => {
  const c = net.funded()
  const id = createApp(c)

  it('applies state changes and logs, reported in the pending transaction', () => {
    const [txid] = net.ok(call(c, id, ['inc']))
    expect(global(id, 'count')).toMatchObject({ uint: 1n })
    const p = net.chain.pending(txid)!
    expect(p.logs).toEqual([enc('counted')])
    expect(p.globalStateDelta![0].key).toBe(Buffer.from('count').toString('base64'))
    expect(p.globalStateDelta![0].value).toMatchObject({ action: 2, uint: 1n })
  })

  it('reports a rejection and an evaluation error as algod does', () => {
    net.rejects(
      /transaction [A-Z2-7]{52}: transaction rejected by ApprovalProgram$/,
      call(c, id, ['reject']),
    )
    net.rejects(
      new RegExp(`logic eval error: err opcode executed\\. Details: app=${id}, pc=\\d+$`),
      call(c, id, ['fail']),
    )
  })

  it('enforces the global schema (appcow.go checkCounts)', () => {
    net.rejects('store integer count 2 exceeds schema integer count 1', call(c, id, ['two']))
    // The bytes schema is zero: no byte-slice value fits.
    net.rejects('store bytes count 1 exceeds schema bytes count 0', call(c, id, ['bytes']))
  })

  it('enforces key and value sizes (appcow.go setKey: 64-byte keys, 128 bytes key + value)', () => {
    const wide = createApp(c, { globalInts: 1, globalBytes: 1 })
    net.rejects('key too long: length was 65, maximum is 64', call(c, wide, ['bigkey']))
    net.rejects('key/value total too long for key 0x6b: sum was 129', call(c, wide, ['bigvalue']))
  })

  it('opts in (charging 0.1 Algo plus the local schema), writes local state, closes out', () => {
    const u = net.funded()
    net.rejects(`cannot fetch key, ${u.addr} has not opted in`, call(u, id, ['local']))
    net.ok(oc(u, id, algosdk.OnApplicationComplete.OptInOC))
    expect(net.chain.accountInfo(u.addr, 'all').minBalance).toBe(100_000n + 100_000n + 28_500n)
    net.rejects(
      `account ${u.addr} has already opted in to app ${id}`,
      oc(u, id, algosdk.OnApplicationComplete.OptInOC),
    )
    const [txid] = net.ok(call(u, id, ['local']))
    expect(net.chain.pending(txid)!.localStateDelta![0].address).toBe(u.addr)
    const local = net.chain.accountApplication(u.addr, id)!.appLocalState!
    expect(local.keyValue![0].value.uint).toBe(5n)
    net.ok(oc(u, id, algosdk.OnApplicationComplete.CloseOutOC))
    expect(net.chain.accountApplication(u.addr, id)).toBeUndefined()
    expect(net.chain.accountInfo(u.addr, 'all').minBalance).toBe(100_000n)
    net.rejects(
      `is not opted in to any app, and in particular ${id}`,
      oc(u, id, algosdk.OnApplicationComplete.CloseOutOC),
    )
  })

  it('always clears state, keeping the clear program effects only if it approves', () => {
    const app = createApp(c, { clear: CLEAR_WRITES_AND_FAILS })
    const u = net.funded()
    net.ok(oc(u, app, algosdk.OnApplicationComplete.OptInOC))
    net.ok(oc(u, app, algosdk.OnApplicationComplete.ClearStateOC))
    expect(net.chain.accountApplication(u.addr, app)).toBeUndefined()
    expect(global(app, 'count')).toMatchObject({ uint: 0n })
    net.rejects(
      `cannot clear state: ${u.addr} is not currently opted in to app ${app}`,
      oc(u, app, algosdk.OnApplicationComplete.ClearStateOC),
    )
  })

  it('refuses an opt-in the account cannot afford (0.1 Algo + local schema)', () => {
    const poor = net.funded(201_000n)
    net.rejects(
      `account ${poor.addr} balance 200000 below min 228500 (0 assets)`,
      oc(poor, id, algosdk.OnApplicationComplete.OptInOC),
    )
  })

  it('lets the approval program refuse an update or a delete', () => {
    const locked = createApp(c, {
      approval: program('#pragma version 10\ntxn ApplicationID\nbz ok\nint 0\nreturn\nok:\nint 1'),
    })
    const update = sign(
      algosdk.makeApplicationUpdateTxnFromObject({
        sender: c.addr,
        appIndex: locked,
        approvalProgram: CLEAR_OK,
        clearProgram: CLEAR_OK,
        suggestedParams: net.params(),
      }),
      c.sk,
    )
    net.rejects('transaction rejected by ApprovalProgram', update)
    net.rejects(
      'transaction rejected by ApprovalProgram',
      oc(c, locked, algosdk.OnApplicationComplete.DeleteApplicationOC),
    )
    expect(net.chain.application(locked)!.params!.version).toBeUndefined()
  })

  it('updates (bumping the version) and deletes, releasing the creator min balance', () => {
    const app = createApp(c)
    const before = net.chain.accountInfo(c.addr, 'all').minBalance
    const update = sign(
      algosdk.makeApplicationUpdateTxnFromObject({
        sender: c.addr,
        appIndex: app,
        approvalProgram: APPROVAL,
        clearProgram: CLEAR_OK,
        suggestedParams: net.params(),
      }),
      c.sk,
    )
    net.ok(update)
    expect(net.chain.application(app)!.params!.version).toBe(1)
    const rejectOld = call(c, app, ['inc'], { rejectVersion: 1 })
    net.rejects('app version (1) >= reject version (1)', rejectOld)
    net.ok(oc(c, app, algosdk.OnApplicationComplete.DeleteApplicationOC))
    expect(net.chain.application(app)).toBeUndefined()
    expect(net.chain.accountInfo(c.addr, 'all').minBalance).toBe(before - 128_500n)
    net.rejects(
      `only ClearState is supported for an application (${app}) that does not exist`,
      call(c, app, ['inc']),
    )
  })
})
