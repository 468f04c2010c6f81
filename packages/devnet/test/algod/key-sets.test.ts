/**
 * Every algod JSON answer has exactly the keys go-algorand writes for the same state: present
 * when algod always writes them (even zero, false or empty), absent when it omits them. The
 * golden sets are in test/vectors/algod-key-sets.json, with the go-algorand source they come from.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { signBytes } from '../../src/genesis/index.js'
import { keyPaths, loadKeySets } from '../key-paths.js'
import { startAlgod, type AlgodFixture } from './fixture.js'

/** Creates global "g" = 1; on opt-in sets local "l" = 2; a NoOp puts box arg0 = arg1. */
const APPROVAL = `#pragma version 10
txn ApplicationID
bz create
txn OnCompletion
int OptIn
==
bnz optin
txna ApplicationArgs 0
txna ApplicationArgs 1
box_put
int 1
return
create:
byte "g"
int 1
app_global_put
int 1
return
optin:
txn Sender
byte "l"
int 2
app_local_put
int 1
return
`
const CLEAR = '#pragma version 10\nint 1\n'

const expected = loadKeySets('algod-key-sets.json')
let f: AlgodFixture
let appId: bigint
let bareAppId: bigint
let minimalAssetId: bigint
let fresh: algosdk.Account
let creator: algosdk.Account
let paymentTxid: string

async function send(txns: algosdk.Transaction[], keys: (Uint8Array | string)[]) {
  const grouped = txns.length > 1 ? algosdk.assignGroupID(txns) : txns
  const signed = grouped.map((t, i) => {
    const key = keys[i] ?? keys[0]
    if (typeof key === 'string') return f.sign(t, f.account(key))
    const sig = signBytes(key, t.bytesToSign())
    return algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn: t, sig }))
  })
  const { txid } = await f.algod.sendRawTransaction(signed).do()
  return algosdk.waitForConfirmation(f.algod, txid, 3)
}

async function json(path: string): Promise<unknown> {
  const res = await f.raw(path)
  expect(res.status, res.text).toBe(200)
  return res.json
}

beforeAll(async () => {
  f = await startAlgod()
  const compile = async (src: string) =>
    new Uint8Array(Buffer.from((await f.algod.compile(src).do()).result, 'base64'))
  const approval = await compile(APPROVAL)
  const clear = await compile(CLEAR)
  const params = async () => f.algod.getTransactionParams().do()
  const wallet1 = f.account('Wallet1').address

  fresh = algosdk.generateAccount()
  creator = algosdk.generateAccount()
  paymentTxid = await f.pay(f.account('Wallet1'), fresh.addr.toString(), 1_000_000)
  await f.pay(f.account('Wallet1'), creator.addr.toString(), 10_000_000)

  const created = await send(
    [
      algosdk.makeApplicationCreateTxnFromObject({
        sender: wallet1,
        approvalProgram: approval,
        clearProgram: clear,
        numGlobalInts: 1,
        numGlobalByteSlices: 0,
        numLocalInts: 1,
        numLocalByteSlices: 0,
        onComplete: algosdk.OnApplicationComplete.NoOpOC,
        suggestedParams: await params(),
      }),
    ],
    ['Wallet1'],
  )
  appId = created.applicationIndex!
  const name = new TextEncoder().encode('box')
  await send(
    [
      algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: wallet1,
        receiver: algosdk.getApplicationAddress(appId),
        amount: 1_000_000,
        suggestedParams: await params(),
      }),
      algosdk.makeApplicationNoOpTxnFromObject({
        sender: wallet1,
        appIndex: appId,
        appArgs: [name, new TextEncoder().encode('value')],
        boxes: [{ appIndex: 0, name }],
        suggestedParams: await params(),
      }),
    ],
    ['Wallet1'],
  )
  await send(
    [
      algosdk.makeApplicationOptInTxnFromObject({
        sender: f.account('Wallet2').address,
        appIndex: appId,
        suggestedParams: await params(),
      }),
    ],
    ['Wallet2'],
  )
  const bare = await send(
    [
      algosdk.makeApplicationCreateTxnFromObject({
        sender: creator.addr,
        approvalProgram: clear,
        clearProgram: clear,
        numGlobalInts: 0,
        numGlobalByteSlices: 0,
        numLocalInts: 0,
        numLocalByteSlices: 0,
        onComplete: algosdk.OnApplicationComplete.NoOpOC,
        suggestedParams: await params(),
      }),
    ],
    [creator.sk],
  )
  bareAppId = bare.applicationIndex!
  const asset = await send(
    [
      algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
        sender: creator.addr,
        total: 1,
        decimals: 0,
        defaultFrozen: false,
        suggestedParams: await params(),
      }),
    ],
    [creator.sk],
  )
  minimalAssetId = asset.assetIndex!
})

afterAll(async () => {
  await f.close()
})

function expectKeys(name: string, body: unknown): void {
  const golden = expected[name]
  expect(golden, `golden case ${name}`).toBeDefined()
  expect(keyPaths(body), name).toEqual(golden)
}

describe('algod JSON key sets match go-algorand', () => {
  it('accounts', async () => {
    const freshAddr = fresh.addr.toString()
    expectKeys('account: fresh, funded', await json(`/v2/accounts/${freshAddr}`))
    expectKeys('account: fresh, exclude=all', await json(`/v2/accounts/${freshAddr}?exclude=all`))
    expectKeys(
      'account: online, created an app with global state',
      await json(`/v2/accounts/${f.account('Wallet1').address}`),
    )
    expectKeys(
      'account: holds an asset, opted in to an app with local state',
      await json(`/v2/accounts/${f.account('Wallet2').address}`),
    )
    expectKeys(
      'account: created an asset without optional params and an app without state',
      await json(`/v2/accounts/${creator.addr.toString()}`),
    )
  })

  it('assets and applications', async () => {
    const usdc = f.chain.genesis.usdcAssetId
    expectKeys('asset: with names, manager and reserve', await json(`/v2/assets/${usdc}`))
    expectKeys('asset: without optional params', await json(`/v2/assets/${minimalAssetId}`))
    expectKeys('application: with global state', await json(`/v2/applications/${appId}`))
    expectKeys('application: without state', await json(`/v2/applications/${bareAppId}`))
  })

  it("an account's asset and application", async () => {
    const wallet2 = f.account('Wallet2').address
    const usdc = f.chain.genesis.usdcAssetId
    expectKeys('account asset: holding only', await json(`/v2/accounts/${wallet2}/assets/${usdc}`))
    expectKeys(
      'account asset: creator without optional params',
      await json(`/v2/accounts/${creator.addr.toString()}/assets/${minimalAssetId}`),
    )
    expectKeys(
      'account application: local state',
      await json(`/v2/accounts/${wallet2}/applications/${appId}`),
    )
    expectKeys(
      'account application: creator of an app without state',
      await json(`/v2/accounts/${creator.addr.toString()}/applications/${bareAppId}`),
    )
  })

  it("an account's resources a page at a time", async () => {
    const wallet2 = f.account('Wallet2').address
    const usdc = f.chain.genesis.usdcAssetId
    expectKeys(
      "account assets: a holding with its asset's params",
      await json(`/v2/accounts/${wallet2}/assets`),
    )
    expectKeys(
      'account assets: past the last page',
      await json(`/v2/accounts/${wallet2}/assets?next=${usdc}`),
    )
    expectKeys(
      'account applications: a local state',
      await json(`/v2/accounts/${wallet2}/applications`),
    )
  })

  it('node, ledger and transaction answers', async () => {
    expectKeys('ledger supply', await json('/v2/ledger/supply'))
    expectKeys('status', await json('/v2/status'))
    expectKeys('transaction params', await json('/v2/transactions/params'))
    await f.algod.setBlockOffsetTimestamp(0).do()
    expectKeys('devmode offset', await json('/v2/devmode/blocks/offset'))
    expectKeys(
      'pending transaction: confirmed payment',
      await json(`/v2/transactions/pending/${paymentTxid}?format=json`),
    )
    expectKeys(
      'pending transactions: empty pool',
      await json('/v2/transactions/pending?format=json'),
    )
    expectKeys('block hash', await json('/v2/blocks/1/hash'))
    expectKeys('block txids', await json('/v2/blocks/1/txids'))
    expectKeys('boxes', await json(`/v2/applications/${appId}/boxes`))
    expectKeys('box', await json(`/v2/applications/${appId}/box?name=str:box`))
    expectKeys('versions', await json('/versions'))
  })

  it('submit and TEAL answers', async () => {
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: f.account('Wallet1').address,
      receiver: fresh.addr,
      amount: 1,
      suggestedParams: await f.algod.getTransactionParams().do(),
    })
    const posted = await f.raw('/v2/transactions', {
      method: 'POST',
      headers: { 'content-type': 'application/x-binary' },
      body: f.sign(txn, f.account('Wallet1')),
    })
    expectKeys('post transactions', posted.json)
    const unsent = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: f.account('Wallet1').address,
      receiver: fresh.addr,
      amount: 2,
      suggestedParams: await f.algod.getTransactionParams().do(),
    })
    const request = new algosdk.modelsv2.SimulateRequest({
      txnGroups: [
        new algosdk.modelsv2.SimulateRequestTransactionGroup({
          txns: [algosdk.decodeSignedTransaction(f.sign(unsent, f.account('Wallet1')))],
        }),
      ],
    })
    const simulated = await f.raw('/v2/transactions/simulate?format=json', {
      method: 'POST',
      headers: { 'content-type': 'application/msgpack' },
      body: algosdk.encodeMsgpack(request),
    })
    expectKeys('simulate: a payment', simulated.json)
    const compiled = await f.raw('/v2/teal/compile', { method: 'POST', body: CLEAR })
    expectKeys('compile', compiled.json)
    const program = Buffer.from((compiled.json as { result: string }).result, 'base64')
    const disassembled = await f.raw('/v2/teal/disassemble', { method: 'POST', body: program })
    expectKeys('disassemble', disassembled.json)
  })
})
