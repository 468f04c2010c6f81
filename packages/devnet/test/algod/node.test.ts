/**
 * Node-level algod endpoints through algosdk's Algodv2: health, ready, versions, genesis, status,
 * wait-for-block-after, transaction params, dev mode's timestamp offset, /devnet/info, tokens
 * and CORS.
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

describe('health, readiness, versions, genesis', () => {
  it('answers /health and /ready (also without a token, as algod does)', async () => {
    await f.algod.healthCheck().do()
    await f.algod.ready().do()
    const health = await f.raw('/health', { token: null })
    expect(health.status).toBe(200)
    expect(health.json).toBeNull()
  })

  it('reports the genesis id and hash in /versions', async () => {
    const versions = await f.algod.versionsCheck().do()
    expect(versions.genesisId).toBe('devnet-v1')
    expect(versions.genesisHashB64).toEqual(f.chain.genesis.hash)
    expect(versions.versions).toEqual(['v2'])
    expect(versions.build.major).toBeGreaterThan(0)
  })

  it('serves genesis.json with the Wallet1 dispenser in alloc and devmode', async () => {
    const text = await f.algod.genesis().do()
    const genesis = JSON.parse(text) as {
      alloc: { addr: string; comment: string; state: { algo: number } }[]
      network: string
      id: string
      proto: string
      devmode: boolean
      fees: string
      rwd: string
    }
    expect(`${genesis.network}-${genesis.id}`).toBe('devnet-v1')
    expect(genesis.devmode).toBe(true)
    expect(genesis.proto).toBe(f.chain.genesis.proto)
    const wallet1 = genesis.alloc.find((a) => a.comment === 'Wallet1')
    expect(wallet1?.addr).toBe(f.account('Wallet1').address)
    expect(wallet1?.state.algo).toBeGreaterThan(0)
    expect(algosdk.isValidAddress(genesis.fees)).toBe(true)
    expect(algosdk.isValidAddress(genesis.rwd)).toBe(true)
    expect((await f.raw('/genesis', { token: null })).status).toBe(200)
  })
})

describe('status and wait-for-block-after', () => {
  it('reports the last round and the protocol', async () => {
    const status = await f.algod.status().do()
    expect(status.lastRound).toBe(f.chain.lastRound())
    expect(status.lastVersion).toBe(f.chain.genesis.proto)
    expect(status.nextVersionRound).toBe(status.lastRound + 1n)
    expect(status.timeSinceLastRound).toBeGreaterThanOrEqual(0n)
  })

  it('answers at once for a round already followed by a block', async () => {
    const last = f.chain.lastRound()
    const status = await f.algod.statusAfterBlock(last - 1n).do()
    expect(status.lastRound).toBe(last)
  })

  it('blocks until the next round is committed', async () => {
    const last = f.chain.lastRound()
    const waiting = f.algod.statusAfterBlock(last).do()
    await new Promise((resolve) => setTimeout(resolve, 50))
    await f.pay(f.account('Wallet1'), f.account('Wallet2').address, 1)
    const status = await waiting
    expect(status.lastRound).toBeGreaterThan(last)
  })

  it('gives up after its timeout with the unchanged status, and ends waits on close', async () => {
    const quick = await startAlgod({ algod: { waitForBlockTimeoutMs: 100 } })
    try {
      const last = quick.chain.lastRound()
      const started = Date.now()
      const status = await quick.algod.statusAfterBlock(last).do()
      expect(status.lastRound).toBe(last)
      expect(Date.now() - started).toBeGreaterThanOrEqual(90)
    } finally {
      await quick.close()
    }

    const slow = await startAlgod()
    const waiting = slow.algod.statusAfterBlock(slow.chain.lastRound()).do()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const started = Date.now()
    await slow.close()
    await waiting
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('refuses a round that is not a uint64', async () => {
    expectError(await f.raw('/v2/status/wait-for-block-after/-1'), 400, /parameter round/)
    expectError(
      await f.raw('/v2/status/wait-for-block-after/18446744073709551616'),
      400,
      /value out of range/,
    )
  })
})

describe('transaction params', () => {
  it('suggests params the SDK turns into a 1000-round window', async () => {
    const params = await f.algod.getTransactionParams().do()
    expect(params.genesisID).toBe('devnet-v1')
    expect(params.genesisHash).toEqual(f.chain.genesis.hash)
    expect(params.minFee).toBe(1000n)
    expect(params.fee).toBe(0n)
    expect(params.firstValid).toBe(f.chain.lastRound())
    expect(params.lastValid).toBe(f.chain.lastRound() + 1000n)
    expect(params.consensusVersion).toBe(f.chain.genesis.proto)
  })
})

describe('dev mode block timestamp offset', () => {
  it('is 404 until set, then moves the next blocks forward in time', async () => {
    const unset = await sdkError(f.algod.getBlockOffsetTimestamp().do())
    expect(unset.status).toBe(404)
    expect(unset.message).toMatch(/block timestamp offset was never set/)

    await f.algod.setBlockOffsetTimestamp(3600).do()
    const { offset } = await f.algod.getBlockOffsetTimestamp().do()
    expect(BigInt(offset)).toBe(3600n)
    const txid = await f.pay(f.account('Wallet1'), f.account('Wallet3').address, 1)
    const info = await f.algod.pendingTransactionInformation(txid).do()
    const { block } = await f.algod.block(info.confirmedRound!).do()
    expect(Number(block.header.timestamp)).toBeGreaterThanOrEqual(Date.now() / 1000 + 3590)

    await f.algod.setBlockOffsetTimestamp(0).do()
    expect(BigInt((await f.algod.getBlockOffsetTimestamp().do()).offset)).toBe(0n)
  })

  it("moves each block on by the offset from the previous one, as go's dev mode does", async () => {
    const timestampOf = async (txid: string) => {
      const info = await f.algod.pendingTransactionInformation(txid).do()
      return (await f.algod.block(info.confirmedRound!).do()).block.header.timestamp
    }
    await f.algod.setBlockOffsetTimestamp(86_400).do()
    const first = await timestampOf(
      await f.pay(f.account('Wallet1'), f.account('Wallet3').address, 1),
    )
    const second = await timestampOf(
      await f.pay(f.account('Wallet1'), f.account('Wallet3').address, 1),
    )
    const third = await timestampOf(
      await f.pay(f.account('Wallet1'), f.account('Wallet3').address, 1),
    )
    expect(second - first).toBe(86_400n)
    expect(third - second).toBe(86_400n)
    // Offset 0 holds time still.
    await f.algod.setBlockOffsetTimestamp(0).do()
    const frozen = await timestampOf(
      await f.pay(f.account('Wallet1'), f.account('Wallet3').address, 1),
    )
    expect(frozen).toBe(third)
  })

  it('refuses offsets beyond int64 and non-numbers', async () => {
    const huge = await f.raw(`/v2/devmode/blocks/offset/${(2n ** 63n).toString()}`, {
      method: 'POST',
    })
    expectError(huge, 400, /cannot be larger than max int64 value/)
    expectError(
      await f.raw('/v2/devmode/blocks/offset/soon', { method: 'POST' }),
      400,
      /parameter offset/,
    )
  })
})

describe('/devnet/info', () => {
  it('names the network, the genesis, the USDC asset and the accounts', async () => {
    const info = await f.raw('/devnet/info')
    expect(info.status).toBe(200)
    const body = info.json as {
      network: string
      'genesis-id': string
      'genesis-hash': string
      'usdc-asset-id': number
      accounts: { name: string; address: string }[]
    }
    expect(body.network).toBe('devnet')
    expect(body['genesis-id']).toBe('devnet-v1')
    expect(body['genesis-hash']).toBe(Buffer.from(f.chain.genesis.hash).toString('base64'))
    expect(BigInt(body['usdc-asset-id'])).toBe(f.chain.genesis.usdcAssetId)
    expect(body.accounts).toContainEqual({
      name: 'Wallet1',
      address: f.account('Wallet1').address,
    })
    // Public, as /genesis is: a tool may read it before it knows the token.
    const tokenless = await f.raw('/devnet/info', { token: null })
    expect(tokenless.status).toBe(200)
    expect(tokenless.json).toEqual(info.json)
    // Only GET is served; the path is not a way around the token for anything else.
    expect((await f.raw('/devnet/info', { method: 'POST', token: null })).status).toBe(404)
  })
})

describe('tokens, CORS and unknown routes', () => {
  it('refuses a wrong or missing token with 401', async () => {
    const wrong = new algosdk.Algodv2('b'.repeat(64), 'http://127.0.0.1', f.server.port)
    const error = await sdkError(wrong.status().do())
    expect(error.status).toBe(401)
    expectError(await f.raw('/v2/status', { token: null }), 401, 'Invalid API Token')
  })

  it('reads the token from `Authorization: Bearer` too, as algod does', async () => {
    const bearer = (token: string) =>
      f.raw('/v2/status', { token: null, headers: { authorization: `Bearer ${token}` } })
    expect((await bearer('a'.repeat(64))).status).toBe(200)
    expectError(await bearer('b'.repeat(64)), 401, 'Invalid API Token')
  })

  it('allows a preflight from a localhost origin and refuses one from elsewhere', async () => {
    const preflight = (origin: string) =>
      f.raw('/v2/transactions', {
        method: 'OPTIONS',
        token: null,
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'x-algo-api-token, content-type',
        },
      })
    const local = await preflight('http://localhost:3000')
    expect(local.status).toBeLessThan(300)
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(local.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'x-algo-api-token',
    )
    const evil = await preflight('https://evil.example')
    expect(evil.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers unknown routes with a JSON 404', async () => {
    expectError(await f.raw('/v2/nothing-here'), 404, /no route/)
  })
})
