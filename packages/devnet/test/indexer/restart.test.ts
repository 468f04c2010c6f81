/**
 * The index is rebuilt from the chain's blocks: after a restart over the same data directory it
 * answers exactly as before (transactions, lifetimes of accounts, assets and holdings).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import algosdk from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { createChain } from '../../src/chain/index.js'
import type { Chain } from '../../src/chain/types.js'
import { createIndexerServer } from '../../src/indexer/index.js'
import { FileBlockStore } from '../../src/store/index.js'
import { newAccount, sign } from './fixture.js'

async function open(dir: string): Promise<{
  chain: Chain
  store: FileBlockStore
  server: FastifyInstance
  indexer: algosdk.Indexer
}> {
  const store = new FileBlockStore(dir)
  const chain = createChain({ store })
  const server = await createIndexerServer(chain)
  await server.listen({ port: 0, host: '127.0.0.1' })
  const address = server.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  const indexer = new algosdk.Indexer('a'.repeat(64), 'http://127.0.0.1', port)
  return { chain, store, server, indexer }
}

describe('indexer after a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'devnet-indexer-'))
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers as before from the replayed blocks', async () => {
    const first = await open(dir)
    const chain = first.chain
    const d = chain.genesis.accounts.find((a) => a.comment === 'Wallet1')!
    const wallet = chain.genesis.accounts.find((a) => a.comment === 'Wallet2')!
    const x = newAccount()
    const params = (): algosdk.SuggestedParams => ({
      fee: 1000n,
      minFee: 1000n,
      flatFee: true,
      firstValid: chain.lastRound(),
      lastValid: chain.lastRound() + 1000n,
      genesisID: chain.genesis.id,
      genesisHash: chain.genesis.hash,
    })
    const submit = (txn: algosdk.Transaction, sk: Uint8Array): void => {
      const r = chain.submit([sign(txn, sk)])
      if (!r.ok) throw new Error(r.rejection.message)
    }
    submit(
      algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: d.address,
        receiver: x.addr,
        amount: 3_000_000n,
        suggestedParams: params(),
      }),
      d.secretKey,
    )
    const usdc = chain.genesis.usdcAssetId
    submit(
      algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: x.addr,
        receiver: x.addr,
        assetIndex: usdc,
        amount: 0n,
        suggestedParams: params(),
      }),
      x.sk,
    )
    // A genesis wallet closes its USDC holding out to the issuer.
    submit(
      algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: wallet.address,
        receiver: chain.genesis.usdcIssuer,
        closeRemainderTo: chain.genesis.usdcIssuer,
        assetIndex: usdc,
        amount: 0n,
        suggestedParams: params(),
      }),
      wallet.secretKey,
    )
    const snapshot = async (indexer: algosdk.Indexer): Promise<string> =>
      algosdk.stringifyJSON({
        txns: (await indexer.searchForTransactions().do()).transactions,
        x: (await indexer.lookupAccountByID(x.addr).do()).account,
        wallet: (await indexer.lookupAccountByID(wallet.address).includeAll(true).do()).account,
        balances: (await indexer.lookupAssetBalances(usdc).includeAll(true).do()).balances,
        asset: (await indexer.lookupAssetByID(usdc).do()).asset,
      })
    const before = await snapshot(first.indexer)
    const holding = (await first.indexer.lookupAccountAssets(x.addr).do()).assets.at(0)
    expect(holding?.optedInAtRound).toBe(chain.lastRound() - 1n)
    await first.server.close()
    await chain.close()
    first.store.close()

    const second = await open(dir)
    try {
      expect(await snapshot(second.indexer)).toBe(before)
    } finally {
      await second.server.close()
      await second.chain.close()
      second.store.close()
    }
  })
})
