/**
 * Each app is read at the contract version stored on its asset (migration 0003), not at the
 * current one: the follower reads its calls, and send_tx its signed groups, with that version's
 * protocol; a deployment the follower reads stores the version it was read as. Only v1 exists, so
 * a version this server does not know (99, as an older server could find it in a newer server's
 * database) stands for "another version": a reader that ignored the stored value would read it.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildListAsk, type Market } from '@unica/contracts'
import type { Database } from '../../src/db/index.js'
import { Follower } from '../../src/worker/follower.js'
import { blobOf, type Account } from './chain.js'
import * as world from './env.js'

const { assetRow, operations, registerAsset, registerMarket, workerEnv } = world

const UNKNOWN_VERSION = 99

let env: world.WorkerEnv
let follower: Follower

beforeAll(async () => {
  env = await workerEnv()
  follower = new Follower(env.database, env.h.algod, { startRound: 1n })
})

afterAll(async () => {
  await env.stop()
})

const params = (): Promise<algosdk.SuggestedParams> => env.h.params()

async function storeVersion(database: Database, guid: string, version: number): Promise<void> {
  await database.query('UPDATE assets SET contract_version = $2 WHERE guid = $1', [guid, version])
}

async function storedVersion(database: Database, guid: string): Promise<number> {
  const [row] = await database.query<{ contract_version: number }>(
    'SELECT contract_version FROM assets WHERE guid = $1',
    [guid],
  )
  return row.contract_version
}

/** A configured market of `seller`'s, registered with `version` stored. */
async function marketAt(seller: Account, version: number): Promise<[Market, string]> {
  const market = await env.h.market(seller)
  const guid = await registerMarket(env.database, seller, market)
  await storeVersion(env.database, guid, version)
  return [market, guid]
}

describe('the stored contract version', () => {
  it('is the version the follower reads each app with', async () => {
    const seller = await env.h.account()
    const [known, knownGuid] = await marketAt(seller, 1)
    const [unknown, unknownGuid] = await marketAt(seller, UNKNOWN_VERSION)
    await follower.catchUp()
    for (const market of [known, unknown]) {
      await env.h.send(
        buildListAsk({ seller: seller.address, market, price: 42n, params: await params() }),
        seller,
      )
    }
    await follower.catchUp()
    expect((await assetRow(env.database, knownGuid)).price).toBe('42')
    expect((await operations(env.database, knownGuid)).map((o) => o.op_type)).toContain('ASK')
    // The same call on an app of another version is not read with v1's protocol.
    expect((await assetRow(env.database, unknownGuid)).price).toBeNull()
    expect((await operations(env.database, unknownGuid)).map((o) => o.op_type)).not.toContain('ASK')
    expect(await storedVersion(env.database, unknownGuid)).toBe(UNKNOWN_VERSION)
    // The list (its own serializer) shows each app's version.
    const ids = [known.appId, unknown.appId].join(',')
    const list = await env.server.get(`/api/assets/?application_id__in=${ids}&ordering=created_at`)
    expect(list.json<{ results: unknown[] }>().results).toEqual([
      expect.objectContaining({ guid: knownGuid, contract_version: 1 }),
      expect.objectContaining({ guid: unknownGuid, contract_version: UNKNOWN_VERSION }),
    ])
  })

  it('is set from the deployment the follower reads, and shown by the API', async () => {
    const creator = await env.h.account()
    const nftId = await env.h.createNft(creator)
    const guid = await registerAsset(env.database, creator, nftId)
    await storeVersion(env.database, guid, UNKNOWN_VERSION)
    const appId = await env.h.deploy(creator, nftId)
    await follower.catchUp()
    expect(await assetRow(env.database, guid)).toMatchObject({
      status: 'DC',
      application_id: appId.toString(),
    })
    expect(await storedVersion(env.database, guid)).toBe(1)
    const answer = await env.server.get(`/api/assets/${guid}/`)
    expect(answer.json()).toMatchObject({ guid, contract_version: 1 })
  })

  it('is the version send_tx reads a signed group with', async () => {
    const seller = await env.h.account()
    const [market, guid] = await marketAt(seller, UNKNOWN_VERSION)
    const g = buildListAsk({ seller: seller.address, market, price: 7n, params: await params() })
    const blob = blobOf(env.h.sign(g, seller))
    const send = () => env.server.post('/api/operations/send_tx/', { blob, operation: 'ASK' })
    const refused = await send()
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      detail: 'Invalid signed transaction group.',
      blob: ['The contract runs a version this server cannot read.'],
      request_id: refused.headers['x-request-id'],
    })
    // The same bytes for an app stored at v1 are read as v1's ask.
    await storeVersion(env.database, guid, 1)
    const taken = await send()
    expect(taken.statusCode).toBe(201)
    expect((await operations(env.database, guid)).map((o) => [o.op_type, o.value])).toContainEqual([
      'ASK',
      '7',
    ])
  })
})
