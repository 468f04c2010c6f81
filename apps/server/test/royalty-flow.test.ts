/**
 * The create-NFT flow of a v2 manager with a royalty, through the API on the devnet
 * (docs/product.md §3, §4): submit_asset stores the split chosen at creation and refuses bad ones
 * field by field; submit_contract verifies a v2 app by its own programs and schema (and refuses a
 * foreign program with v2's schema); submit_configuration replaces the split with the chain's.
 */
import algosdk from 'algosdk'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MANAGER_SCHEMA_V2, type RoyaltyRecipient } from '@unica/contracts'
import { ROYALTY_MESSAGES } from '@unica/schemas'
import { users } from '../src/db/index.js'
import { startTestServer, type TestServer } from './app.js'
import { Studio, type Account } from './chain.js'
import { imageFile, multipart, pngImage } from './forms.js'

let server: TestServer
let studio: Studio
let staff: Account
let collaborator: Account

beforeAll(async () => {
  server = await startTestServer()
  studio = new Studio(server.devnet)
  staff = await studio.account()
  collaborator = await studio.account()
  await server.database.db.insert(users).values({ address: staff.address, isStaff: true })
})
afterAll(async () => {
  await server.close()
})

/** POSTs as the web app does: a 500 with `retry: true` (indexer lag) is retried. */
async function post(url: string, payload: unknown): Promise<LightMyRequestResponse> {
  for (let attempt = 0; ; attempt++) {
    const response = await server.post(url, payload)
    const retry = response.statusCode === 500 && response.json<{ retry?: boolean }>().retry
    if (retry !== true || attempt >= 50) return response
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Creates an NFT as the staff creator and submits it, with `royalty` as the field's text. */
async function createAndSubmit(royalty?: string) {
  const nft = await studio.createNft(staff)
  const image = await pngImage()
  const description = 'A shared piece'
  const proof = await studio.uploadProof(staff, nft.assetId, image, description)
  const fields = { asset_id: nft.assetId.toString(), description, proof }
  const body = multipart(royalty === undefined ? fields : { ...fields, royalty }, imageFile(image))
  const response = await server.post('/api/assets/submit_asset/', body.payload, body.headers)
  return { nft, response }
}

const split = (recipients: { address: string; share: number }[]) => JSON.stringify({ recipients })

describe('a v2 asset with a royalty split', () => {
  it('stores the chosen split, verifies the v2 app, and shows the chain split once configured', async () => {
    const chosen = [
      { address: staff.address, share: 700 },
      { address: collaborator.address, share: 300 },
    ]
    const { nft, response } = await createAndSubmit(split(chosen))
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      status: 'DA',
      royalty: { basis_points: 1000, recipients: chosen },
    })

    const deployed = await studio.deploy(staff, nft.assetId, 2)
    const contract = await post('/api/contracts/submit_contract/', {
      app_id: deployed.appId.toString(),
      tx_id: deployed.txId,
    })
    expect(contract.statusCode).toBe(200)
    expect(contract.json()).toMatchObject({ status: 'DC', contract_version: 2 })

    // The chain's split differs from the chosen one: the chain is the truth once configured.
    const onChain: RoyaltyRecipient[] = [
      { address: collaborator.address, share: 250n },
      { address: staff.address, share: 500n },
    ]
    const configureTx = await studio.configure(staff, nft.assetId, deployed.appId, {
      version: 2,
      recipients: onChain,
    })
    const ready = await post('/api/contracts/submit_configuration/', {
      app_id: deployed.appId.toString(),
      tx_id: configureTx,
    })
    expect(ready.statusCode).toBe(200)
    const royalty = {
      basis_points: 750,
      recipients: onChain.map((r) => ({ address: r.address, share: Number(r.share) })),
    }
    expect(ready.json()).toMatchObject({ status: 'RD', contract_version: 2, royalty })
    expect((await server.get(`/api/assets/${nft.guid}/`)).json()).toMatchObject({ royalty })
  })

  it('a v2 app configured without royalty shows none, a v1 app null', async () => {
    const v2 = await createAndSubmit()
    expect(v2.response.json()).toMatchObject({ royalty: { basis_points: 0, recipients: [] } })
    const deployed = await studio.deploy(staff, v2.nft.assetId, 2)
    await post('/api/contracts/submit_contract/', {
      app_id: deployed.appId.toString(),
      tx_id: deployed.txId,
    })
    const configureTx = await studio.configure(staff, v2.nft.assetId, deployed.appId, {
      version: 2,
    })
    const ready = await post('/api/contracts/submit_configuration/', {
      app_id: deployed.appId.toString(),
      tx_id: configureTx,
    })
    expect(ready.json()).toMatchObject({
      status: 'RD',
      contract_version: 2,
      royalty: { basis_points: 0, recipients: [] },
    })

    const v1 = await createAndSubmit()
    const v1App = await studio.deploy(staff, v1.nft.assetId, 1)
    const contract = await post('/api/contracts/submit_contract/', {
      app_id: v1App.appId.toString(),
      tx_id: v1App.txId,
    })
    expect(contract.json()).toMatchObject({ status: 'DC', contract_version: 1, royalty: null })
  })
})

describe('refusals', () => {
  it('bad splits, field by field, before anything is stored', async () => {
    const bad: [string, string][] = [
      [split([{ address: 'X'.repeat(58), share: 5 }]), ROYALTY_MESSAGES.badAddress(0)],
      [split([{ address: staff.address, share: 0 }]), ROYALTY_MESSAGES.badShare(0)],
      [
        split([
          { address: staff.address, share: 1000 },
          { address: collaborator.address, share: 501 },
        ]),
        ROYALTY_MESSAGES.tooMuch,
      ],
      [
        split(Array.from({ length: 5 }, () => ({ address: staff.address, share: 1 }))),
        ROYALTY_MESSAGES.tooManyRecipients,
      ],
      // A new piece's deploy runs v3, which takes 3: v2's 4 would be stuck at setup.
      [
        split(Array.from({ length: 4 }, () => ({ address: staff.address, share: 1 }))),
        'A royalty has at most 3 recipients.',
      ],
      ['not json', ROYALTY_MESSAGES.notJson],
    ]
    // A well-formed address with a wrong checksum: only the server's royaltyProblem sees it.
    const key = algosdk.decodeAddress(staff.address).publicKey
    const wrongSum = algosdk.encodeAddress(key).slice(0, 52) + 'AAAAAA'
    if (wrongSum !== staff.address) {
      bad.push([split([{ address: wrongSum, share: 5 }]), ROYALTY_MESSAGES.badAddress(0)])
    }
    for (const [field, message] of bad) {
      const { nft, response } = await createAndSubmit(field)
      expect(response.statusCode, field).toBe(400)
      expect(response.json<Record<string, unknown>>().royalty, field).toEqual([message])
      expect((await server.get(`/api/assets/?asset_id__in=${nft.assetId}`)).json()).toMatchObject({
        count: 0,
      })
    }
  })

  it("a foreign program with v2's schema", async () => {
    const { nft } = await createAndSubmit()
    const foreign = await studio.approveAllApp(staff, MANAGER_SCHEMA_V2)
    const response = await post('/api/contracts/submit_contract/', {
      app_id: foreign.appId.toString(),
      tx_id: foreign.txId,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: 'Invalid input.',
      app_id: ['This application does not run the marketplace contract.'],
      request_id: response.headers['x-request-id'],
    })
    expect(nft.assetId).toBeGreaterThan(0n)
  })
})
