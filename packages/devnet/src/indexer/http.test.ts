/**
 * The indexer over HTTP on hand-built blocks (deeply nested inner transactions, logs), decoded by
 * algosdk's Indexer client. The chain-driven black-box tests live in test/indexer/.
 */
import algosdk, { modelsv2 } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Chain, CommittedBlock } from '../chain/types.js'
import { createIndexerServer } from './index.js'
import { committedBlock, GENESIS_HASH, type TxnSpec } from './test-blocks.js'

const alice = algosdk.generateAccount()
const bob = algosdk.generateAccount()
const APP = 1002n
const appAddr = algosdk.getApplicationAddress(APP)

const sp: algosdk.SuggestedParams = {
  fee: 1000n,
  minFee: 1000n,
  flatFee: true,
  firstValid: 1n,
  lastValid: 1000n,
  genesisID: 'devnet-v1',
  genesisHash: GENESIS_HASH,
}

function fakeChain(blocks: CommittedBlock[]): Chain {
  const unsupported = (): never => {
    throw new Error('not used by the indexer')
  }
  return {
    genesis: {
      id: 'devnet-v1',
      hash: GENESIS_HASH,
      network: 'devnet',
      proto: 'future',
      timestamp: 0n,
      accounts: [],
      usdcAssetId: 0n,
      usdcIssuer: '',
    },
    lastRound: () => BigInt(blocks.length),
    block: (round) => blocks[Number(round) - 1],
    waitForRound: unsupported,
    onBlock: () => () => undefined,
    submit: unsupported,
    submitAsync: unsupported,
    pending: unsupported,
    pendingList: unsupported,
    simulate: unsupported,
    supply: unsupported,
    accountInfo: (address) =>
      new modelsv2.Account({
        address,
        amount: 1_000_000n,
        amountWithoutPendingRewards: 1_000_000n,
        minBalance: 100_000n,
        pendingRewards: 0n,
        rewards: 0n,
        round: BigInt(blocks.length),
        status: 'Offline',
        totalAppsOptedIn: 0,
        totalAssetsOptedIn: 0,
        totalCreatedApps: 0,
        totalCreatedAssets: 0,
      }),
    accountAsset: () => undefined,
    accountApplication: () => undefined,
    asset: () => undefined,
    application: () => undefined,
    boxNames: () => [],
    box: () => undefined,
    blockTimestampOffset: 0n,
    close: async () => {},
  }
}

describe('indexer over HTTP on hand-built blocks', () => {
  let server: FastifyInstance
  let indexer: algosdk.Indexer
  let appCallTxid = ''

  beforeAll(async () => {
    const innerPay: TxnSpec = {
      txn: algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: appAddr,
        receiver: bob.addr,
        amount: 42n,
        suggestedParams: sp,
      }),
    }
    const innerCall: TxnSpec = {
      txn: algosdk.makeApplicationNoOpTxnFromObject({
        sender: appAddr,
        appIndex: 2000n,
        suggestedParams: sp,
      }),
      logs: [new TextEncoder().encode('deep')],
      inner: [innerPay],
    }
    const call: TxnSpec = {
      txn: algosdk.makeApplicationNoOpTxnFromObject({
        sender: alice.addr,
        appIndex: APP,
        appArgs: [new Uint8Array([1, 2])],
        suggestedParams: sp,
      }),
      signed: true,
      logs: [new TextEncoder().encode('top')],
      inner: [innerCall],
    }
    appCallTxid = call.txn.txID()
    const blocks = [committedBlock(1n, 1_700_000_000n, [call])]
    server = await createIndexerServer(fakeChain(blocks))
    await server.listen({ port: 0, host: '127.0.0.1' })
    const address = server.server.address()
    const port = typeof address === 'object' && address !== null ? address.port : 0
    indexer = new algosdk.Indexer('a'.repeat(64), 'http://127.0.0.1', port)
  })

  afterAll(async () => {
    await server.close()
  })

  it('nests inner transactions in their root, at any depth', async () => {
    const res = await indexer.lookupTransactionByID(appCallTxid).do()
    const tx = res.transaction
    expect(tx.id).toBe(appCallTxid)
    expect(tx.txType).toBe('appl')
    expect(tx.applicationTransaction?.applicationArgs).toEqual([new Uint8Array([1, 2])])
    expect(tx.signature?.sig?.length).toBe(64)
    const inner = tx.innerTxns?.[0]
    expect(inner?.applicationTransaction?.applicationId).toBe(2000n)
    expect(inner?.id).toBeUndefined()
    expect(inner?.innerTxns?.[0]?.paymentTransaction?.amount).toBe(42n)
    expect(inner?.innerTxns?.[0]?.paymentTransaction?.receiver).toBe(bob.addr.toString())
  })

  it('finds the root when a nested inner transaction matches', async () => {
    const res = await indexer.searchForTransactions().address(bob.addr).do()
    expect(res.transactions.map((t) => t.id)).toEqual([appCallTxid])
    const byApp = await indexer.searchForTransactions().applicationID(2000).do()
    expect(byApp.transactions.map((t) => t.id)).toEqual([appCallTxid])
  })

  it('returns the logs of each matching call, inner ones under the root txid', async () => {
    const top = await indexer.lookupApplicationLogs(APP).do()
    expect(top.logData?.map((l) => [l.txid, new TextDecoder().decode(l.logs[0])])).toEqual([
      [appCallTxid, 'top'],
    ])
    const deep = await indexer.lookupApplicationLogs(2000).do()
    expect(deep.logData?.map((l) => [l.txid, new TextDecoder().decode(l.logs[0])])).toEqual([
      [appCallTxid, 'deep'],
    ])
  })

  it('serves the block with its transactions', async () => {
    const block = await indexer.lookupBlock(1).do()
    expect(block.round).toBe(1n)
    expect(block.genesisId).toBe('devnet-v1')
    expect(block.transactions?.map((t) => t.id)).toEqual([appCallTxid])
    const headerOnly = await indexer.lookupBlock(1).headerOnly(true).do()
    expect(headerOnly.transactions ?? []).toEqual([])
  })
})
