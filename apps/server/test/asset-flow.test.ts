/**
 * The create-NFT flow through the API on the devnet (docs/product.md §4): submit_asset → DA,
 * submit_contract → DC, submit_configuration → RD, each verified on chain; and every refusal:
 * anonymous or forged uploads, non-staff creators, wrong NFT shapes, foreign apps, forged and
 * unrelated transaction ids.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURRENT_VERSION, ESCROW_FUNDING } from '@unica/contracts'
import { cidOfFile } from '@unica/ipfs'
import { indexerClient } from '../src/chain/connection.js'
import { assets, users } from '../src/db/index.js'
import { startTestServer, type TestServer } from './app.js'
import { Studio, type Account } from './chain.js'
import { imageFile, multipart, pngImage } from './forms.js'

let server: TestServer
let studio: Studio
let staff: Account

beforeAll(async () => {
  server = await startTestServer()
  studio = new Studio(server.devnet)
  staff = await studio.account()
  await server.database.db.insert(users).values({ address: staff.address, isStaff: true })
})
afterAll(async () => {
  await server.close()
})

/** POSTs as the web app does: a 500 with `retry: true` (indexer lag) is retried. */
async function post(url: string, payload: unknown, headers?: Record<string, string>) {
  for (let attempt = 0; ; attempt++) {
    const response = await server.post(url, payload, headers)
    const retry = response.statusCode === 500 && response.json<{ retry?: boolean }>().retry
    if (retry !== true || attempt >= 50) return response
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function submitAsset(
  fields: Record<string, string>,
  image?: Uint8Array,
): Promise<LightMyRequestResponse> {
  const body = multipart(fields, image === undefined ? undefined : imageFile(image))
  return post('/api/assets/submit_asset/', body.payload, body.headers)
}

/** Creates an NFT as `creator` and submits it with a good proof. */
async function createAndSubmit(creator: Account, description = 'A quiet piece') {
  const nft = await studio.createNft(creator)
  const image = await pngImage()
  const proof = await studio.uploadProof(creator, nft.assetId, image, description)
  const response = await submitAsset(
    { asset_id: nft.assetId.toString(), description, proof },
    image,
  )
  return { nft, image, proof, response }
}

describe('the whole create-NFT flow', () => {
  it('accepts a multi-line description as browsers send it (CRLF), proven over the typed LF text', async () => {
    const typed = 'Line one.\nLine two, after a break.\n\nA last paragraph.'
    const nft = await studio.createNft(staff)
    const image = await pngImage()
    const proof = await studio.uploadProof(staff, nft.assetId, image, typed)
    const sent = typed.replaceAll('\n', '\r\n')
    const response = await submitAsset(
      { asset_id: nft.assetId.toString(), description: sent, proof },
      image,
    )
    expect(response.statusCode).toBe(201)
    expect(response.json<{ description: string }>().description).toBe(typed)
  })

  it('adds the stored image to IPFS: its CID in the answer, /ipfs/{cid} the bytes /media serves', async () => {
    const { nft, response } = await createAndSubmit(staff, 'Kept by its content')
    expect(response.statusCode).toBe(201)
    const asset = response.json<{ image: string; image_cid: string }>()
    expect(asset.image_cid).toMatch(/^bafkrei[a-z2-7]{52}$/)
    const media = await server.get(new URL(asset.image).pathname)
    const ipfs = await server.get(`/ipfs/${asset.image_cid}`)
    expect(ipfs.statusCode).toBe(200)
    expect(ipfs.headers['content-type']).toBe('image/png')
    expect(ipfs.rawPayload.equals(media.rawPayload)).toBe(true)
    expect((await cidOfFile(media.rawPayload)).toString()).toBe(asset.image_cid)
    const read = await server.get(`/api/assets/${nft.guid}/`)
    expect(read.json()).toMatchObject({ image_cid: asset.image_cid })
  })

  it('moves an asset DA → DC → RD, each step verified on chain and idempotent', async () => {
    const description = 'Blue hour over the harbour'
    const { nft, image, proof, response } = await createAndSubmit(staff, description)
    expect(response.statusCode).toBe(201)
    const asset = response.json<Record<string, unknown>>()
    expect(asset).toMatchObject({
      guid: nft.guid,
      asset_id: nft.assetId.toString(),
      application_id: null,
      // The version it will be deployed with, until the deployed one is verified.
      contract_version: CURRENT_VERSION,
      escrow_address: null,
      status: 'DA',
      unit_name: 'UNI',
      description,
      creator_address: staff.address,
      owner_address: null,
      price: null,
      highest_bid: null,
    })
    expect(asset.image).toMatch(/^http:\/\/unica\.test\/media\/[0-9a-f]{64}\.png$/)
    expect(asset.thumbnail).toMatch(/^http:\/\/unica\.test\/media\/[0-9a-f]{64}\.webp$/)

    // The stored image and thumbnail are served with long cache headers.
    const media = await server.get(new URL(asset.thumbnail as string).pathname)
    expect(media.statusCode).toBe(200)
    expect(media.headers['content-type']).toBe('image/webp')
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    // The same upload again answers the same asset; other content for it is refused.
    const again = await submitAsset({ asset_id: nft.assetId.toString(), description, proof }, image)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(asset)
    const otherDescription = 'Something else'
    const other = await submitAsset(
      {
        asset_id: nft.assetId.toString(),
        description: otherDescription,
        proof: await studio.uploadProof(staff, nft.assetId, image, otherDescription),
      },
      image,
    )
    expect(other.statusCode).toBe(409)
    expect(other.json()).toEqual({
      detail: 'This asset was already submitted.',
      request_id: other.headers['x-request-id'],
    })

    // Unfinished: not in public lists; in the staff creator's own view.
    const publicList = await server.get(`/api/assets/?creator_address=${staff.address}`)
    expect(publicList.json<{ count: number }>().count).toBe(0)
    const ownView = await server.get(`/api/assets/?creator_address=${staff.address}`, {
      'x-view-as': staff.address,
    })
    expect(ownView.json<{ results: { guid: string }[] }>().results.map((a) => a.guid)).toContain(
      nft.guid,
    )
    // Read by guid, it also says whether moderation hid it (null: not hidden).
    expect((await server.get(`/api/assets/${nft.guid}/`)).json()).toEqual({
      ...asset,
      hidden: null,
    })

    // Deploy. The version stored is the one whose programs the chain shows, whatever was there.
    await server.database.db
      .update(assets)
      .set({ contractVersion: 99 })
      .where(eq(assets.guid, nft.guid))
    // v1 explicitly: apps deployed before v2 keep going through the whole flow.
    const deployed = await studio.deploy(staff, nft.assetId, 1)
    const contract = await post('/api/contracts/submit_contract/', {
      app_id: Number(deployed.appId),
      tx_id: deployed.txId,
    })
    expect(contract.statusCode).toBe(200)
    expect(contract.json()).toMatchObject({
      status: 'DC',
      application_id: deployed.appId.toString(),
      contract_version: 1,
      escrow_address: (await import('algosdk')).getApplicationAddress(deployed.appId).toString(),
    })
    const contractAgain = await post('/api/contracts/submit_contract/', {
      app_id: deployed.appId.toString(),
      tx_id: deployed.txId,
    })
    expect(contractAgain.statusCode).toBe(200)
    expect(contractAgain.json()).toEqual(contract.json())

    // Configuration submitted before the chain shows it is refused.
    const early = await post('/api/contracts/submit_configuration/', {
      app_id: deployed.appId.toString(),
      tx_id: deployed.txId,
    })
    expect(early.statusCode).toBe(400)
    expect(early.json()).toEqual({
      detail: 'Invalid input.',
      app_id: ['The application is not configured.'],
      request_id: early.headers['x-request-id'],
    })

    // Configure.
    const configureTx = await studio.configure(staff, nft.assetId, deployed.appId, { version: 1 })
    // The deploy transaction is not the configuration.
    const wrongTx = await post('/api/contracts/submit_configuration/', {
      app_id: deployed.appId.toString(),
      tx_id: deployed.txId,
    })
    expect(wrongTx.statusCode).toBe(400)
    expect(wrongTx.json()).toEqual({
      detail: 'Invalid input.',
      tx_id: ["This transaction is not this application's configuration."],
      request_id: wrongTx.headers['x-request-id'],
    })
    const ready = await post('/api/contracts/submit_configuration/', {
      app_id: deployed.appId.toString(),
      tx_id: configureTx,
    })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toMatchObject({
      status: 'RD',
      owner_address: staff.address,
      holding_address: staff.address,
    })
    const readyAgain = await post('/api/contracts/submit_configuration/', {
      app_id: deployed.appId.toString(),
      tx_id: configureTx,
    })
    expect(readyAgain.json()).toEqual(ready.json())

    const listed = await server.get(`/api/assets/?status=RD&asset_id__in=${nft.assetId}`)
    expect(listed.json<{ count: number }>().count).toBe(1)
    expect(ESCROW_FUNDING).toBeGreaterThan(0n)
  })
})

describe('submit_asset', () => {
  it('answers concurrent identical submissions with one 201 and one 200', async () => {
    const nft = await studio.createNft(staff)
    const image = await pngImage()
    const proof = await studio.uploadProof(staff, nft.assetId, image, 'twice')
    const fields = { asset_id: nft.assetId.toString(), description: 'twice', proof }
    const answers = await Promise.all([submitAsset(fields, image), submitAsset(fields, image)])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201])
    expect(answers[0].json()).toEqual(answers[1].json())
  })
})

describe('submit_asset refuses', () => {
  it('an upload signed by anyone but the creator (docs/security.md W11)', async () => {
    const nft = await studio.createNft(staff)
    const image = await pngImage()
    const thief = await studio.account()
    const description = 'Mine now'
    // Signed by the thief's key for the creator's address (a forged sgnr).
    const forged = await studio.uploadProof(thief, nft.assetId, image, description, staff.address)
    const response = await submitAsset(
      { asset_id: nft.assetId.toString(), description, proof: forged },
      image,
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: 'Invalid input.',
      proof: ["Not signed by the creator's key."],
      request_id: response.headers['x-request-id'],
    })
    // The thief's own self-payment proof names the wrong account.
    const own = await studio.uploadProof(thief, nft.assetId, image, description)
    const response2 = await submitAsset(
      { asset_id: nft.assetId.toString(), description, proof: own },
      image,
    )
    expect(response2.json()).toEqual({
      detail: 'Invalid input.',
      proof: ["Must be the creator's 0-Algo payment to themselves on this network."],
      request_id: response2.headers['x-request-id'],
    })
    // A signature by the creator's address with a corrupted signature.
    const good = Buffer.from(
      await studio.uploadProof(staff, nft.assetId, image, description),
      'base64',
    )
    good[good.indexOf(Buffer.from('sig')) + 6] ^= 1
    const response3 = await submitAsset(
      { asset_id: nft.assetId.toString(), description, proof: good.toString('base64') },
      image,
    )
    expect(response3.json()).toEqual({
      detail: 'Invalid input.',
      proof: ['The signature is invalid.'],
      request_id: response3.headers['x-request-id'],
    })
  })

  it("a creator's proof for other content", async () => {
    const nft = await studio.createNft(staff)
    const image = await pngImage()
    const proof = await studio.uploadProof(staff, nft.assetId, image, 'the real one')
    const response = await submitAsset(
      { asset_id: nft.assetId.toString(), description: 'a substitute', proof },
      image,
    )
    expect(response.json()).toEqual({
      detail: 'Invalid input.',
      proof: ['The signed note does not match this asset, image and description.'],
      request_id: response.headers['x-request-id'],
    })
  })

  it('a second NFT reusing a submitted guid as its metadata hash', async () => {
    const { nft, response } = await createAndSubmit(staff)
    expect(response.statusCode).toBe(201)
    const copy = await studio.createNft(staff, { guid: nft.guid })
    const image = await pngImage()
    const proof = await studio.uploadProof(staff, copy.assetId, image, 'copy')
    const answer = await submitAsset(
      { asset_id: copy.assetId.toString(), description: 'copy', proof },
      image,
    )
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toEqual({
      detail: 'Another asset already uses this guid.',
      request_id: answer.headers['x-request-id'],
    })
  })

  it('NFTs of non-staff creators', async () => {
    const outsider = await studio.account()
    const { response } = await createAndSubmit(outsider)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      detail: "The asset's creator is not staff.",
      request_id: response.headers['x-request-id'],
    })
  })

  it('assets without the marketplace NFT shape, and assets that do not exist', async () => {
    const assetId = await studio.createClawbackNft(staff)
    const image = await pngImage()
    const proof = await studio.uploadProof(staff, assetId, image, 'x')
    const response = await submitAsset(
      { asset_id: assetId.toString(), description: 'x', proof },
      image,
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: 'Invalid input.',
      asset_id: ['Not a marketplace NFT (one unit, no freeze or clawback, a guid hash).'],
      request_id: response.headers['x-request-id'],
    })
    const missing = await submitAsset({ asset_id: '987654321', description: 'x', proof }, image)
    expect(missing.json()).toEqual({
      detail: 'Invalid input.',
      asset_id: ['No such asset on chain.'],
      request_id: missing.headers['x-request-id'],
    })
  })

  it('missing, oversized and broken images with the spec texts', async () => {
    const nft = await studio.createNft(staff)
    const fields = { asset_id: nft.assetId.toString(), description: 'd', proof: 'x' }
    expect((await submitAsset(fields)).json()).toMatchObject({ image: ['Image is required'] })
    const huge = Buffer.alloc(4 * 1024 * 1024 + 1, 7)
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect((await submitAsset(fields, huge)).json()).toMatchObject({
      image: ['File too large. Size should not exceed 4 MiB.'],
    })
    expect((await submitAsset(fields, randomBytes(500))).json()).toMatchObject({
      image: ['Must be a valid image'],
    })
    // PNG magic, broken body: found out when decoded (after the proof is checked).
    const broken = Buffer.concat([(await pngImage()).subarray(0, 40), randomBytes(100)])
    const proof = await studio.uploadProof(staff, nft.assetId, broken, 'd')
    const response = await submitAsset({ ...fields, proof }, broken)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: 'Invalid input.',
      image: ['Must be a valid image'],
      request_id: response.headers['x-request-id'],
    })
  })
})

describe('submit_contract refuses (docs/security.md W10)', () => {
  it("an app that is not our manager, even with the NFT's ids", async () => {
    const { nft } = await createAndSubmit(staff)
    const foreign = await studio.approveAllApp(staff)
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

  it('forged or unrelated transaction ids', async () => {
    const { nft } = await createAndSubmit(staff)
    const deployed = await studio.deploy(staff, nft.assetId)
    const unrelated = await post('/api/contracts/submit_contract/', {
      app_id: deployed.appId.toString(),
      tx_id: nft.txId,
    })
    expect(unrelated.statusCode).toBe(400)
    expect(unrelated.json()).toEqual({
      detail: 'Invalid input.',
      tx_id: ['This transaction did not create this application.'],
      request_id: unrelated.headers['x-request-id'],
    })
    const forged = await post('/api/contracts/submit_contract/', {
      app_id: deployed.appId.toString(),
      tx_id: 'A'.repeat(52),
    })
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toEqual({
      detail: 'Invalid input.',
      tx_id: ['No confirmed transaction with this id.'],
      request_id: forged.headers['x-request-id'],
    })
    const noApp = await post('/api/contracts/submit_contract/', {
      app_id: '999999999',
      tx_id: deployed.txId,
    })
    expect(noApp.json()).toEqual({
      detail: 'Invalid input.',
      app_id: ['No such application on chain.'],
      request_id: noApp.headers['x-request-id'],
    })
  })

  it('contracts of creators who are no longer staff', async () => {
    const creator = await studio.account()
    await server.database.db.insert(users).values({ address: creator.address, isStaff: true })
    const { nft } = await createAndSubmit(creator)
    const deployed = await studio.deploy(creator, nft.assetId)
    await server.database.db
      .update(users)
      .set({ isStaff: false })
      .where(eq(users.address, creator.address))
    const response = await post('/api/contracts/submit_contract/', {
      app_id: deployed.appId.toString(),
      tx_id: deployed.txId,
    })
    expect(response.statusCode).toBe(403)
  })

  it('answers 500 with retry: true while the indexer cannot be reached (docs/product.md §7 retry)', async () => {
    const lagging = await startTestServer({
      devnet: server.devnet,
      chain: (chain) => ({ ...chain, indexer: indexerClient('http://127.0.0.1:9', '') }),
    })
    try {
      await lagging.database.db.insert(users).values({ address: staff.address, isStaff: true })
      const nft = await studio.createNft(staff)
      const image = await pngImage()
      const proof = await studio.uploadProof(staff, nft.assetId, image, 'd')
      const body = multipart(
        { asset_id: nft.assetId.toString(), description: 'd', proof },
        imageFile(image),
      )
      expect(
        (await lagging.post('/api/assets/submit_asset/', body.payload, body.headers)).statusCode,
      ).toBe(201)
      const deployed = await studio.deploy(staff, nft.assetId)
      const response = await lagging.post('/api/contracts/submit_contract/', {
        app_id: deployed.appId.toString(),
        tx_id: deployed.txId,
      })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({
        detail: 'The Algorand node could not be reached. Try again.',
        retry: true,
        request_id: response.headers['x-request-id'],
      })
      // Nothing changed meanwhile.
      expect((await lagging.get(`/api/assets/${nft.guid}/`)).json()).toMatchObject({ status: 'DA' })
    } finally {
      await lagging.close()
    }
  })

  it('bad payloads with field errors', async () => {
    const response = await post('/api/contracts/submit_contract/', { app_id: -1, tx_id: 'x' })
    expect(response.statusCode).toBe(400)
    const body = response.json<Record<string, unknown>>()
    expect(body.detail).toBe('Invalid input.')
    expect(body.tx_id).toEqual(['Must be a transaction id.'])
    expect(body.app_id).toBeDefined()
  })
})
