/**
 * POST /v2/transactions/simulate through algosdk's Algodv2 (simulateTransactions, msgpack both
 * ways): results, failure messages, app budget, allow-empty-signatures, and algod's 400 answers
 * to requests that cannot be simulated (go-algorand handlers.go SimulateTransaction).
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { expectError, sdkError, startAlgod, type AlgodFixture } from './fixture.js'

let f: AlgodFixture
let rejectingApp: bigint

function request(
  txns: algosdk.SignedTransaction[],
  options: Partial<ConstructorParameters<typeof algosdk.modelsv2.SimulateRequest>[0]> = {},
) {
  return new algosdk.modelsv2.SimulateRequest({
    txnGroups: [new algosdk.modelsv2.SimulateRequestTransactionGroup({ txns })],
    ...options,
  })
}

async function payment(amount: number | bigint, from = 'Wallet1') {
  return algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: f.account(from).address,
    receiver: f.account('Wallet5').address,
    amount,
    suggestedParams: await f.algod.getTransactionParams().do(),
  })
}

const signed = (txn: algosdk.Transaction, from = 'Wallet1') =>
  algosdk.decodeSignedTransaction(f.sign(txn, f.account(from)))

beforeAll(async () => {
  f = await startAlgod()
  const compile = async (src: string) =>
    new Uint8Array(Buffer.from((await f.algod.compile(src).do()).result, 'base64'))
  // Accepts its creation, rejects every later call.
  const approval = await compile('#pragma version 10\ntxn ApplicationID\n!\n')
  const create = algosdk.makeApplicationCreateTxnFromObject({
    sender: f.account('Wallet1').address,
    approvalProgram: approval,
    clearProgram: await compile('#pragma version 10\nint 1\n'),
    numGlobalInts: 0,
    numGlobalByteSlices: 0,
    numLocalInts: 0,
    numLocalByteSlices: 0,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: await f.algod.getTransactionParams().do(),
  })
  const { txid } = await f.algod.sendRawTransaction(f.sign(create, f.account('Wallet1'))).do()
  rejectingApp = (await algosdk.waitForConfirmation(f.algod, txid, 3)).applicationIndex!
})

afterAll(async () => {
  await f.close()
})

describe('simulate', () => {
  it('simulates a signed payment without committing it', async () => {
    const before = f.chain.lastRound()
    const txn = await payment(1000)
    const response = await f.algod.simulateTransactions(request([signed(txn)])).do()
    expect(response.lastRound).toBe(before)
    const group = response.txnGroups[0]
    expect(group.failureMessage).toBeUndefined()
    expect(group.txnResults[0]?.txnResult.txn.txn.txID()).toBe(txn.txID())
    expect(f.chain.lastRound()).toBe(before)
    expect((await sdkError(f.algod.pendingTransactionInformation(txn.txID()).do())).status).toBe(
      404,
    )
  })

  it('accepts unsigned transactions only with allow-empty-signatures', async () => {
    const unsigned = new algosdk.SignedTransaction({ txn: await payment(5) })
    const allowed = await f.algod
      .simulateTransactions(request([unsigned], { allowEmptySignatures: true }))
      .do()
    expect(allowed.txnGroups[0]?.failureMessage).toBeUndefined()
    expect(allowed.evalOverrides?.allowEmptySignatures).toBe(true)

    const refused = await f.algod.simulateTransactions(request([unsigned])).do()
    expect(refused.txnGroups[0]?.failureMessage).toBeDefined()
    expect(refused.txnGroups[0]?.failedAt).toEqual([0])
  })

  it('reports a rejected app call with its failure message and budget', async () => {
    const call = algosdk.makeApplicationNoOpTxnFromObject({
      sender: f.account('Wallet1').address,
      appIndex: rejectingApp,
      suggestedParams: await f.algod.getTransactionParams().do(),
    })
    const response = await f.algod.simulateTransactions(request([signed(call)])).do()
    const group = response.txnGroups[0]
    expect(group.failureMessage).toMatch(/rejected/)
    expect(group.failedAt).toEqual([0])
    expect(group.appBudgetAdded).toBe(700)
  })

  it('reports an overspend', async () => {
    const txn = await payment(10n ** 18n, 'Wallet3')
    const response = await f.algod.simulateTransactions(request([signed(txn, 'Wallet3')])).do()
    expect(response.txnGroups[0]?.failureMessage).toMatch(/overspend/)
  })

  it('answers JSON when asked', async () => {
    const body = algosdk.encodeMsgpack(request([signed(await payment(1))]))
    const response = await f.raw('/v2/transactions/simulate?format=json', {
      method: 'POST',
      headers: { 'Content-Type': 'application/msgpack' },
      body,
    })
    expect(response.status).toBe(200)
    const decoded = algosdk.decodeJSON(response.text, algosdk.modelsv2.SimulateResponse)
    expect(decoded.txnGroups).toHaveLength(1)
  })
})

describe('requests that cannot be simulated', () => {
  const post = (body: Uint8Array | string) =>
    f.raw('/v2/transactions/simulate?format=msgpack', {
      method: 'POST',
      headers: { 'Content-Type': 'application/msgpack' },
      body,
    })

  it('refuses malformed bodies and empty or oversized groups', async () => {
    expect((await post(Uint8Array.of(0xc1, 0x00))).status).toBe(400)
    expect((await post('{"txn-groups": 5}')).status).toBe(400)
    expectError(await post(algosdk.encodeMsgpack(request([]))), 400, 'empty txgroup')
    const one = signed(await payment(1))
    expectError(
      await post(algosdk.encodeMsgpack(request(Array.from({ length: 17 }, () => one)))),
      400,
      'transaction group size 17 exceeds protocol max 16',
    )
  })

  it('refuses fix-signers without allow-empty-signatures', async () => {
    const error = await sdkError(
      f.algod.simulateTransactions(request([signed(await payment(1))], { fixSigners: true })).do(),
    )
    expect(error).toEqual({
      status: 400,
      message: 'FixSigners requires AllowEmptySignatures to be enabled',
    })
  })
})
