/**
 * Submitting and looking up transactions through algosdk's Algodv2: sendRawTransaction,
 * waitForConfirmation, pendingTransactionInformation (msgpack and JSON), the pending lists, and
 * the 4xx answers to malformed bodies, rejected groups and bad ids (go-algorand
 * daemon/algod/api/server/v2/handlers.go RawTransaction / PendingTransactionInformation).
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { expectError, sdkError, startAlgod, type AlgodFixture } from './fixture.js'

let f: AlgodFixture

beforeAll(async () => {
  f = await startAlgod()
})

afterAll(async () => {
  await f.close()
})

async function payment(amount: bigint | number, from = 'Wallet1', to = 'Wallet2') {
  return algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: f.account(from).address,
    receiver: f.account(to).address,
    amount,
    suggestedParams: await f.algod.getTransactionParams().do(),
  })
}

describe('sendRawTransaction and pending information', () => {
  it('confirms a payment and reports it as algod does', async () => {
    const txn = await payment(12345)
    const { txid } = await f.algod.sendRawTransaction(f.sign(txn, f.account('Wallet1'))).do()
    expect(txid).toBe(txn.txID())
    const confirmed = await algosdk.waitForConfirmation(f.algod, txid, 3)
    expect(confirmed.confirmedRound).toBe(f.chain.lastRound())
    expect(confirmed.poolError).toBe('')
    expect(confirmed.txn.txn.txID()).toBe(txid)
    expect(confirmed.txn.txn.payment?.amount).toBe(12345n)

    const json = await f.raw(`/v2/transactions/pending/${txid}?format=json`)
    expect(json.status).toBe(200)
    expect(json.headers.get('content-type')).toMatch(/application\/json/)
    const decoded = algosdk.decodeJSON(json.text, algosdk.modelsv2.PendingTransactionResponse)
    expect(decoded.confirmedRound).toBe(confirmed.confirmedRound)
    expect(decoded.txn.txn.txID()).toBe(txid)

    const msgpack = await f.raw(`/v2/transactions/pending/${txid}?format=msgpack`)
    expect(msgpack.headers.get('content-type')).toMatch(/application\/msgpack/)
  })

  it('answers a group with the id of its first transaction', async () => {
    const txns = algosdk.assignGroupID([await payment(1), await payment(2, 'Wallet2', 'Wallet3')])
    const signed = [f.sign(txns[0], f.account('Wallet1')), f.sign(txns[1], f.account('Wallet2'))]
    const { txid } = await f.algod.sendRawTransaction(signed).do()
    expect(txid).toBe(txns[0].txID())
    const second = await f.algod.pendingTransactionInformation(txns[1].txID()).do()
    expect(second.confirmedRound).toBeDefined()
  })

  it('refuses a rejected group with 400 and the chain message', async () => {
    const txn = await payment(10n ** 18n, 'Wallet2', 'Wallet3')
    const error = await sdkError(f.algod.sendRawTransaction(f.sign(txn, f.account('Wallet2'))).do())
    expect(error.status).toBe(400)
    expect(error.message).toMatch(/overspend/)
    const unknown = await sdkError(f.algod.pendingTransactionInformation(txn.txID()).do())
    expect(unknown.status).toBe(404)
  })

  it('answers 404 with algod text for an unknown id, 400 for a malformed one', async () => {
    const unknown = await sdkError(f.algod.pendingTransactionInformation('A'.repeat(52)).do())
    expect(unknown).toEqual({
      status: 404,
      message:
        'could not find the transaction in the transaction pool or in the last 1000 confirmed rounds',
    })
    for (const bad of ['nope', 'a'.repeat(52), 'A'.repeat(53)]) {
      expectError(
        await f.raw(`/v2/transactions/pending/${bad}`),
        400,
        'no valid transaction ID was specified',
      )
    }
    const txid = (await payment(0)).txID()
    expectError(
      await f.raw(`/v2/transactions/pending/${txid}?format=yaml`),
      400,
      'failed to parse the format option',
    )
  })
})

describe('logic signatures with arguments', () => {
  it('accepts an escrow payment whose program reads its argument, and refuses a wrong one', async () => {
    const { result } = await f.algod
      .compile('#pragma version 10\narg 0\nbyte "open sesame"\n==')
      .do()
    const program = new Uint8Array(Buffer.from(result, 'base64'))
    const lsigWith = (arg: string) =>
      new algosdk.LogicSigAccount(program, [new TextEncoder().encode(arg)])
    const escrow = lsigWith('open sesame').address().toString()
    await f.pay(f.account('Wallet1'), escrow, 1_000_000)

    const spend = async (arg: string) => {
      const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: escrow,
        receiver: f.account('Wallet2').address,
        amount: 1000,
        suggestedParams: await f.algod.getTransactionParams().do(),
      })
      return algosdk.signLogicSigTransactionObject(txn, lsigWith(arg)).blob
    }
    const { txid } = await f.algod.sendRawTransaction(await spend('open sesame')).do()
    const info = await algosdk.waitForConfirmation(f.algod, txid, 3)
    expect(info.txn.lsig?.args).toEqual([new TextEncoder().encode('open sesame')])

    const wrong = await sdkError(f.algod.sendRawTransaction(await spend('close sesame')).do())
    expect(wrong.status).toBe(400)
    expect(wrong.message).toMatch(/rejected by logic/)
  })
})

describe('malformed bodies', () => {
  const post = (body: Uint8Array) =>
    f.raw('/v2/transactions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-binary' },
      body,
    })

  it('refuses an empty body, garbage and truncated transactions', async () => {
    expectError(await post(new Uint8Array(0)), 400, 'empty txgroup')
    expectError(await post(new TextEncoder().encode('not msgpack')), 400, /msgpack decode error/)
    const signed = f.sign(await payment(1), f.account('Wallet1'))
    expectError(await post(signed.subarray(0, signed.length - 3)), 400, /unexpected EOF/)
    expectError(await post(Uint8Array.of(0xc1)), 400, /invalid byte descriptor/)
  })

  it('refuses more than 16 transactions', async () => {
    const one = f.sign(await payment(1), f.account('Wallet1'))
    const seventeen = new Uint8Array(one.length * 17)
    for (let i = 0; i < 17; i++) seventeen.set(one, i * one.length)
    expectError(await post(seventeen), 400, 'max group size is 16')
  })

  it('refuses a JSON body (the SDK only sends msgpack)', async () => {
    const response = await f.raw('/v2/transactions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"txn": {}}',
    })
    expectError(response, 400, /msgpack decode error/)
  })
})

describe('pending lists', () => {
  it('is empty in dev mode, where every group is committed at once', async () => {
    const all = await f.algod.pendingTransactionsInformation().do()
    expect(all.totalTransactions).toBe(0)
    expect(all.topTransactions).toEqual([])
    const mine = await f.algod.pendingTransactionByAddress(f.account('Wallet1').address).do()
    expect(mine.topTransactions).toEqual([])
  })

  it('validates the address and max', async () => {
    expectError(
      await f.raw('/v2/accounts/NOTANADDRESS/transactions/pending'),
      400,
      /Invalid format for parameter address/,
    )
    expectError(
      await f.raw('/v2/transactions/pending?max=18446744073709551616'),
      400,
      /parameter max/,
    )
    expectError(await f.raw('/v2/transactions/pending?max=1&max=2'), 400, /multiple values/)
  })

  it('lists pooled transactions while a block is being filled', async () => {
    const paced = await startAlgod({ chain: { blockIntervalMs: 60_000 } })
    try {
      const params = await paced.algod.getTransactionParams().do()
      const [w1, w2, w3] = ['Wallet1', 'Wallet2', 'Wallet3'].map((c) => paced.account(c))
      const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: w1.address,
        receiver: w2.address,
        amount: 7,
        suggestedParams: params,
      })
      const { txid } = await paced.algod.sendRawTransaction(paced.sign(txn, w1)).do()

      const info = await paced.algod.pendingTransactionInformation(txid).do()
      expect(info.confirmedRound).toBeUndefined()
      expect(info.poolError).toBe('')

      const all = await paced.algod.pendingTransactionsInformation().max(5).do()
      expect(all.totalTransactions).toBe(1)
      expect(all.topTransactions.map((s) => s.txn.txID())).toEqual([txid])
      const receiver = await paced.algod.pendingTransactionByAddress(w2.address).do()
      expect(receiver.topTransactions).toHaveLength(1)
      const bystander = await paced.algod.pendingTransactionByAddress(w3.address).do()
      expect(bystander.topTransactions).toHaveLength(0)
      expect(bystander.totalTransactions).toBe(1)
    } finally {
      await paced.close()
    }
  })
})
