/**
 * Drives the devnet as the web app and a staff member would: fresh funded accounts
 * (@unica/devnet/testing), and the staff flow of @unica/contracts/flows (create, deploy,
 * configure) signed with raw keys. Also the adversary's tools: an NFT with a clawback, an
 * approve-all app, and upload proofs for any key.
 */
import { randomBytes } from 'node:crypto'
import algosdk from 'algosdk'
import type { Devnet } from '@unica/devnet'
import { DevnetKit, signBytes, signWith, type TestAccount } from '@unica/devnet/testing'
import {
  CURRENT_VERSION,
  type ContractVersion,
  type RoyaltyRecipient,
  type UnsignedGroup,
} from '@unica/contracts'
import {
  configureManager,
  createNft,
  deployManager,
  signEach,
  type FlowChain,
} from '@unica/contracts/flows'
import { submitAssetProofNote } from '@unica/schemas'
import { sha256Hex } from '../src/verify/upload-proof.js'

export type Account = TestAccount
export { signWith }

const newGuid = (): string => randomBytes(16).toString('hex')

export interface CreatedNft {
  readonly assetId: bigint
  readonly guid: string
  readonly txId: string
}

export class Studio {
  readonly algod: algosdk.Algodv2
  private readonly kit: DevnetKit

  constructor(readonly devnet: Devnet) {
    this.kit = DevnetKit.of(devnet)
    this.algod = this.kit.algod
  }

  params(): Promise<algosdk.SuggestedParams> {
    return this.kit.params()
  }

  async sendSigned(signed: Uint8Array[]): Promise<string> {
    return (await this.kit.sendSigned(signed)).txId
  }

  sign(g: UnsignedGroup, key: Account): Uint8Array[] {
    return signEach(g, (txn) => signWith(key, txn))
  }

  /** The staff flow's view of the chain, signing with `key`. */
  private chain(key: Account): FlowChain {
    return { algod: this.algod, sign: (g) => Promise.resolve(this.sign(g, key)) }
  }

  /** A fresh account with Algos, opted in to USDC. */
  account(algos = 20_000_000n): Promise<Account> {
    return this.kit.newAccount({ algos })
  }

  async createNft(
    creator: Account,
    options: { name?: string; unitName?: string; guid?: string } = {},
  ): Promise<CreatedNft> {
    const guid = options.guid ?? newGuid()
    const { assetId, txId } = await createNft(this.chain(creator), {
      creator: creator.address,
      unitName: options.unitName ?? 'UNI',
      assetName: options.name ?? `Piece ${guid.slice(0, 8)}`,
      url: `https://unica.test/nft/${guid}`,
      guid,
      description: 'A one-of-one test piece',
      mediaUrl: `https://unica.test/media/${guid}.png`,
      mimeType: 'image/png',
    })
    return { assetId, guid, txId }
  }

  /** An NFT with a clawback address: the wrong shape for the marketplace. */
  async createClawbackNft(creator: Account): Promise<bigint> {
    const txn = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
      sender: creator.address,
      total: 1n,
      decimals: 0,
      defaultFrozen: false,
      unitName: 'BAD',
      assetName: 'Clawback piece',
      manager: creator.address,
      reserve: creator.address,
      clawback: creator.address,
      assetMetadataHash: new TextEncoder().encode(newGuid()),
      suggestedParams: await this.params(),
    })
    const txId = await this.sendSigned([signWith(creator, txn)])
    const info = await this.algod.pendingTransactionInformation(txId).do()
    if (info.assetIndex === undefined) throw new Error('no asset created')
    return info.assetIndex
  }

  /** Deploys the manager through a proxy; returns the app id and the creation tx id. */
  async deploy(
    creator: Account,
    nftId: bigint,
    version?: ContractVersion,
  ): Promise<{ appId: bigint; txId: string }> {
    const input = {
      creator: creator.address,
      nftId,
      usdcId: this.devnet.info.usdcAssetId,
      ...(version !== undefined && { version }),
    }
    const { appId, createTxId } = await deployManager(this.chain(creator), input)
    return { appId, txId: createTxId }
  }

  /**
   * Configures the manager of `version` (CURRENT_VERSION by default; v2 with `recipients` as its
   * royalty split, none when not given); returns the app call's tx id.
   */
  async configure(
    creator: Account,
    nftId: bigint,
    appId: bigint,
    options: { version?: ContractVersion; recipients?: RoyaltyRecipient[] } = {},
  ): Promise<string> {
    const version = options.version ?? CURRENT_VERSION
    const market = { appId, nftId, usdcId: this.devnet.info.usdcAssetId }
    const { callTxId } = await configureManager(this.chain(creator), {
      creator: creator.address,
      ...market,
      version,
      ...(version === 2 && {
        royalty: { creator: creator.address, recipients: options.recipients ?? [] },
      }),
    })
    return callTxId
  }

  /** An approve-all application (`#pragma version 10; pushint 1`) created by `sender`. */
  async approveAllApp(
    sender: Account,
    schema: { globalInts: number; globalBytes: number } = { globalInts: 4, globalBytes: 3 },
  ): Promise<{ appId: bigint; txId: string }> {
    const program = new Uint8Array([0x0a, 0x81, 0x01])
    const txn = algosdk.makeApplicationCreateTxnFromObject({
      sender: sender.address,
      approvalProgram: program,
      clearProgram: program,
      numGlobalInts: schema.globalInts,
      numGlobalByteSlices: schema.globalBytes,
      numLocalInts: 1,
      numLocalByteSlices: 0,
      onComplete: algosdk.OnApplicationComplete.NoOpOC,
      suggestedParams: await this.params(),
    })
    const txId = await this.sendSigned([signWith(sender, txn)])
    const info = await this.algod.pendingTransactionInformation(txId).do()
    if (info.applicationIndex === undefined) throw new Error('no app created')
    return { appId: info.applicationIndex, txId }
  }

  /** The submit_asset proof: `signer` signs the note for this asset, image and description. */
  async uploadProof(
    signer: Account,
    assetId: bigint,
    image: Uint8Array,
    description: string,
    sender = signer.address,
  ): Promise<string> {
    const note = submitAssetProofNote(
      assetId.toString(),
      sha256Hex(image),
      sha256Hex(new TextEncoder().encode(description)),
    )
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender,
      receiver: sender,
      amount: 0,
      note: new TextEncoder().encode(note),
      suggestedParams: await this.params(),
    })
    const sig = signBytes(signer.sk, txn.bytesToSign())
    // attachSignature records a different signer (sgnr) when the key is not the sender's.
    return Buffer.from(txn.attachSignature(signer.address, sig)).toString('base64')
  }
}
