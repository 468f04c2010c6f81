/**
 * Every indexer JSON answer has exactly the keys algorand/indexer writes for the same state. The
 * golden sets are in test/vectors/indexer-key-sets.json, with the indexer source they come from.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { keyPaths, loadKeySets } from '../key-paths.js'
import { newAccount, startIndexer, type IndexerFixture } from './fixture.js'

const expected = loadKeySets('indexer-key-sets.json')
let f: IndexerFixture
const ids = { pay: '', acfg: '', appl: '', axfer: '', appId: 0n }
const fresh = newAccount()

beforeAll(async () => {
  f = await startIndexer()
  const wallet1 = f.account('Wallet1')
  const wallet2 = f.account('Wallet2')
  const program = new Uint8Array([10, 0x81, 1]) // #pragma version 10; int 1
  ;[ids.pay] = f.submit([
    {
      txn: algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: wallet1.address,
        receiver: fresh.addr,
        amount: 5_000_000,
        suggestedParams: f.params(),
      }),
      sk: wallet1.secretKey,
    },
  ])
  ;[ids.acfg] = f.submit([
    {
      txn: algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
        sender: fresh.addr,
        total: 1,
        decimals: 0,
        defaultFrozen: false,
        suggestedParams: f.params(),
      }),
      sk: fresh.sk,
    },
  ])
  ;[ids.appl] = f.submit([
    {
      txn: algosdk.makeApplicationCreateTxnFromObject({
        sender: fresh.addr,
        approvalProgram: program,
        clearProgram: program,
        numGlobalInts: 0,
        numGlobalByteSlices: 0,
        numLocalInts: 0,
        numLocalByteSlices: 0,
        onComplete: algosdk.OnApplicationComplete.NoOpOC,
        suggestedParams: f.params(),
      }),
      sk: fresh.sk,
    },
  ])
  ;[ids.axfer] = f.submit([
    {
      txn: algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: wallet2.address,
        receiver: wallet2.address,
        assetIndex: f.chain.genesis.usdcAssetId,
        amount: 1,
        suggestedParams: f.params(),
      }),
      sk: wallet2.secretKey,
    },
  ])
  const created = await f.indexer.lookupTransactionByID(ids.appl).do()
  ids.appId = created.transaction.createdApplicationIndex!
  await waitForIndex()
})

afterAll(async () => {
  await f.close()
})

async function waitForIndex(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const health = await f.indexer.makeHealthCheck().do()
    if (health.round >= f.chain.lastRound()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function expectKeys(name: string, path: string): Promise<void> {
  const golden = expected[name]
  expect(golden, `golden case ${name}`).toBeDefined()
  const res = await f.get(path)
  expect(res.status, path).toBe(200)
  expect(keyPaths(res.body), name).toEqual(golden)
}

describe('indexer JSON key sets match algorand/indexer', () => {
  it('accounts', async () => {
    await expectKeys(
      'account: funded by a payment, created an asset and an app',
      `/v2/accounts/${fresh.addr}`,
    )
    await expectKeys(
      'account: genesis, online, no resources',
      `/v2/accounts/${f.account('Wallet1').address}`,
    )
  })

  it('assets and applications', async () => {
    await expectKeys('asset: USDC', `/v2/assets/${f.chain.genesis.usdcAssetId}`)
    await expectKeys('application: without state', `/v2/applications/${ids.appId}`)
  })

  it('transactions', async () => {
    await expectKeys('transaction: payment', `/v2/transactions/${ids.pay}`)
    await expectKeys('transaction: asset create', `/v2/transactions/${ids.acfg}`)
    await expectKeys('transaction: app create', `/v2/transactions/${ids.appl}`)
    await expectKeys('transaction: asset transfer', `/v2/transactions/${ids.axfer}`)
  })
})
