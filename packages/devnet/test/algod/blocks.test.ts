/**
 * Blocks through algosdk's Algodv2: block (msgpack, as the SDK asks, and JSON; header only),
 * getBlockHash (go's BlockHeader.Hash, which the next block's `prev` repeats) and getBlockTxids.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { encodeBase32 } from '../../src/algod/codecs.js'
import { expectError, startAlgod, type AlgodFixture } from './fixture.js'

let f: AlgodFixture
let txid: string
let round: bigint

beforeAll(async () => {
  f = await startAlgod()
  txid = await f.pay(f.account('Wallet1'), f.account('Wallet4').address, 4242)
  round = (await f.algod.pendingTransactionInformation(txid).do()).confirmedRound!
})

afterAll(async () => {
  await f.close()
})

describe('block', () => {
  it('returns the block with its transactions as msgpack', async () => {
    const { block } = await f.algod.block(round).do()
    expect(block.header.round).toBe(round)
    expect(block.header.genesisID).toBe('devnet-v1')
    expect(block.header.genesisHash).toEqual(f.chain.genesis.hash)
    expect(block.payset).toHaveLength(1)
    expect(block.payset[0]?.signedTxn.signedTxn.txn.payment?.amount).toBe(4242n)
  })

  it('returns the header alone on request', async () => {
    const { block } = await f.algod.block(round).headerOnly(true).do()
    expect(block.header.round).toBe(round)
    expect(block.payset).toEqual([])
  })

  it('returns JSON when no format is asked', async () => {
    const response = await f.raw(`/v2/blocks/${round.toString()}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/application\/json/)
    const body = response.json as { block: { rnd: number; gen: string; txns: unknown[] } }
    expect(BigInt(body.block.rnd)).toBe(round)
    expect(body.block.gen).toBe('devnet-v1')
    expect(body.block.txns).toHaveLength(1)
  })

  it('serves the genesis block (round 0)', async () => {
    const { block } = await f.algod.block(0).do()
    expect(block.header.round).toBe(0n)
  })

  it('answers 404 for a future round and 400 for a malformed one', async () => {
    const future = (f.chain.lastRound() + 10n).toString()
    expectError(
      await f.raw(`/v2/blocks/${future}?format=msgpack`),
      404,
      'failed to retrieve information from the ledger',
    )
    expectError(await f.raw('/v2/blocks/latest'), 400, /^Invalid format for parameter round/)
    expectError(
      await f.raw('/v2/blocks/99999999999999999999999'),
      400,
      /^Invalid format for parameter round/,
    )
    expectError(await f.raw(`/v2/blocks/1?header-only=maybe`), 400, /parameter header-only/)
  })
})

describe('block hash and txids', () => {
  it("hashes a header as go does: the next block's prev is the same hash", async () => {
    await f.pay(f.account('Wallet1'), f.account('Wallet4').address, 1)
    const { blockhash } = await f.algod.getBlockHash(round).do()
    const next = await f.algod.block(round + 1n).do()
    expect(blockhash).toBe(encodeBase32(next.block.header.branch))
    expectError(
      await f.raw(`/v2/blocks/${(f.chain.lastRound() + 1n).toString()}/hash`),
      404,
      'failed to retrieve information from the ledger',
    )
  })

  it('lists the top-level transaction ids of a block', async () => {
    const { blocktxids } = await f.algod.getBlockTxids(round).do()
    expect(blocktxids).toEqual([txid])
    const genesis = await f.algod.getBlockTxids(0).do()
    expect(genesis.blocktxids).toEqual([])
  })

  it('encodes with algosdk exactly what algosdk decodes', async () => {
    const response = await f.raw(`/v2/blocks/${round.toString()}?format=msgpack`)
    expect(response.headers.get('content-type')).toMatch(/application\/msgpack/)
    const decoded = algosdk.decodeMsgpack(response.bytes, algosdk.modelsv2.BlockResponse)
    expect(algosdk.encodeMsgpack(decoded)).toEqual(response.bytes)
  })
})
