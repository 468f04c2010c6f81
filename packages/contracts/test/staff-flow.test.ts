/**
 * The staff flow of @unica/contracts/flows on the devnet: the steps run in order through the
 * caller's hooks, each registration sees the ids the chain confirmed, progress carries each
 * group's transaction id and fee, and the market comes out configured. Algod's refusals surface as
 * AlgodError('post'); the upload proof is the creator's never-sent 0-Algo payment.
 */
import { createPublicKey, verify } from 'node:crypto'
import algosdk from 'algosdk'
import { beforeAll, describe, expect, it } from 'vitest'
import { configureCost, createNftCost, deployCost } from '../src/index.js'
import {
  AlgodError,
  configureManager,
  setUpNft,
  signUploadProof,
  type SetupProgress,
} from '../src/flows/index.js'
import { Harness, useHarness, type Account } from './harness.js'

let h: Harness
let staff: Account

useHarness((started) => {
  h = started
})

beforeAll(async () => {
  staff = await h.account()
})

const guid = 'f'.repeat(32)

describe('setUpNft', () => {
  it('creates, deploys and configures, registering and reporting each step in order', async () => {
    const events: string[] = []
    const progress: SetupProgress[] = []
    const done = await setUpNft(
      h.flowChain(staff),
      {
        creator: staff.address,
        unitName: 'FLOW',
        assetName: 'Flow piece',
        url: `https://unica.example/nft/${guid}`,
        guid,
        description: 'Made by the staff flow',
        mediaUrl: `https://unica.example/media/${guid}.png`,
        mimeType: 'image/png',
        usdcId: h.usdcId,
        version: 1,
      },
      {
        run: async (step, work) => {
          events.push(`start ${step}`)
          const result = await work()
          events.push(`end ${step}`)
          return result
        },
        onProgress: (p) => {
          progress.push(p)
        },
        registerAsset: async (nft) => {
          // Registration comes after the block: the asset exists with the flow's guid.
          const asset = await h.algod.getAssetByID(nft.assetId).do()
          expect(asset.params?.creator.toString()).toBe(staff.address)
          expect(nft.guid).toBe(guid)
          events.push('asset registered')
        },
        registerContract: async (deployed) => {
          const info = await h.algod.pendingTransactionInformation(deployed.createTxId).do()
          expect(info.applicationIndex).toBe(deployed.appId)
          events.push('contract registered')
        },
        registerConfiguration: async (configured, market) => {
          const escrow = algosdk.getApplicationAddress(market.appId).toString()
          expect((await h.state(market)).escrow).toBe(escrow)
          expect(configured.callTxId).not.toBe(configured.txId)
          events.push('configuration registered')
        },
      },
    )
    expect(events).toEqual([
      'start create-asset',
      'end create-asset',
      'start register-asset',
      'asset registered',
      'end register-asset',
      'start deploy',
      'end deploy',
      'start register-contract',
      'contract registered',
      'end register-contract',
      'start configure',
      'end configure',
      'start register-configuration',
      'configuration registered',
      'end register-configuration',
    ])
    const params = await h.params()
    expect(progress).toEqual([
      { step: 'create-asset', txId: done.nft.txId, fee: createNftCost(params).fees },
      { step: 'deploy', txId: done.deployed.createTxId, fee: deployCost(params).fees },
      { step: 'configure', txId: done.configured.callTxId, fee: configureCost(params).fees },
    ])
    expect(done.market).toEqual({
      appId: done.deployed.appId,
      nftId: done.nft.assetId,
      usdcId: h.usdcId,
      version: 1,
    })
    expect(done.escrow).toBe(algosdk.getApplicationAddress(done.market.appId).toString())
    // Configured: the escrow is opted in to the NFT and to USDC.
    const escrow = await h.algod.accountInformation(done.escrow).do()
    expect((escrow.assets ?? []).map((a) => a.assetId).sort()).toEqual(
      [done.nft.assetId, h.usdcId].sort(),
    )
  })

  it("reports algod's refusal as AlgodError('post')", async () => {
    const market = await h.market(staff)
    const outsider = await h.account()
    const again = configureManager(h.flowChain(outsider), {
      creator: outsider.address,
      ...market,
      version: 1,
    })
    const error = await again.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AlgodError)
    expect(error).toMatchObject({ kind: 'post' })
    expect((error as AlgodError).message).toMatch(/Received status 400/)
  })
})

describe('signUploadProof', () => {
  it("is the creator's 0-Algo payment to themselves carrying the note, signed", async () => {
    const signed = await signUploadProof(h.flowChain(staff), staff.address, 'unica proof')
    const stxn = algosdk.decodeSignedTransaction(signed)
    expect(stxn.txn.sender.toString()).toBe(staff.address)
    expect(stxn.txn.payment?.receiver.toString()).toBe(staff.address)
    expect(stxn.txn.payment?.amount).toBe(0n)
    expect(new TextDecoder().decode(stxn.txn.note)).toBe('unica proof')
    const x = Buffer.from(algosdk.decodeAddress(staff.address).publicKey).toString('base64url')
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
    expect(verify(null, stxn.txn.bytesToSign(), key, stxn.sig!)).toBe(true)
  })
})
