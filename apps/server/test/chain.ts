/**
 * Drives the devnet as the web app and a staff member would: fresh funded accounts, the create-NFT,
 * deploy and configure groups from @unica/contracts, signed with node:crypto, sent through algod.
 * Also the adversary's tools: an approve-all app, and upload proofs for any key.
 */
import { createPrivateKey, randomBytes, sign } from 'node:crypto'
import algosdk from 'algosdk'
import type { Devnet } from '@unica/devnet'
import {
  buildAssetOptIn,
  buildConfigure,
  buildCreateNft,
  buildDeploy,
  randomProxyId,
  signWithProxy,
  type UnsignedGroup,
} from '@unica/contracts'
import { submitAssetProofNote } from '@unica/schemas'
import { sha256Hex } from '../src/verify/upload-proof.js'

export interface Account {
  readonly address: string
  readonly sk: Uint8Array
}

const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex')

export function signWith(key: Account, txn: algosdk.Transaction): Uint8Array {
  const pk = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, key.sk.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  })
  return txn.attachSignature(key.address, sign(null, txn.bytesToSign(), pk))
}

export const newGuid = (): string => randomBytes(16).toString('hex')

export interface CreatedNft {
  readonly assetId: bigint
  readonly guid: string
  readonly txId: string
}

export class Studio {
  readonly algod: algosdk.Algodv2
  private readonly dispenser: Account

  constructor(readonly devnet: Devnet) {
    this.algod = new algosdk.Algodv2(
      devnet.token,
      devnet.urls.algod,
      new URL(devnet.urls.algod).port,
    )
    const wallet1 = devnet.chain.genesis.accounts.find((a) => a.comment === 'Wallet1')
    if (wallet1 === undefined) throw new Error('no Wallet1 in genesis')
    this.dispenser = { address: wallet1.address, sk: wallet1.secretKey }
  }

  params(): Promise<algosdk.SuggestedParams> {
    return this.algod.getTransactionParams().do()
  }

  async sendSigned(signed: Uint8Array[]): Promise<string> {
    const { txid } = await this.algod.sendRawTransaction(signed).do()
    await algosdk.waitForConfirmation(this.algod, txid, 5)
    return txid
  }

  sign(g: UnsignedGroup, key: Account): Uint8Array[] {
    return g.txns.map((txn, i) =>
      g.signers[i].kind === 'proxy'
        ? signWithProxy(txn, (g.signers[i] as { proxyId: number }).proxyId)
        : signWith(key, txn),
    )
  }

  /** A fresh account with Algos, opted in to USDC. */
  async account(algos = 20_000_000n): Promise<Account> {
    const { addr, sk } = algosdk.generateAccount()
    const account = { address: addr.toString(), sk }
    const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: this.dispenser.address,
      receiver: account.address,
      amount: algos,
      suggestedParams: await this.params(),
    })
    await this.sendSigned([signWith(this.dispenser, fund)])
    const optIn = buildAssetOptIn({
      account: account.address,
      assetId: this.devnet.info.usdcAssetId,
      params: await this.params(),
    })
    await this.sendSigned(this.sign(optIn, account))
    return account
  }

  async createNft(
    creator: Account,
    options: { name?: string; unitName?: string; guid?: string } = {},
  ): Promise<CreatedNft> {
    const guid = options.guid ?? newGuid()
    const g = buildCreateNft({
      creator: creator.address,
      unitName: options.unitName ?? 'UNI',
      assetName: options.name ?? `Piece ${guid.slice(0, 8)}`,
      url: `https://unica.test/nft/${guid}`,
      guid,
      description: 'A one-of-one test piece',
      mediaUrl: `https://unica.test/media/${guid}.png`,
      mimeType: 'image/png',
      params: await this.params(),
    })
    const txId = await this.sendSigned(this.sign(g, creator))
    const info = await this.algod.pendingTransactionInformation(txId).do()
    if (info.assetIndex === undefined) throw new Error('no asset created')
    return { assetId: info.assetIndex, guid, txId }
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
  async deploy(creator: Account, nftId: bigint): Promise<{ appId: bigint; txId: string }> {
    const g = buildDeploy({
      creator: creator.address,
      proxyId: randomProxyId(),
      usdcId: this.devnet.info.usdcAssetId,
      nftId,
      params: await this.params(),
    })
    await this.sendSigned(this.sign(g, creator))
    const txId = g.txns[1].txID()
    const info = await this.algod.pendingTransactionInformation(txId).do()
    if (info.applicationIndex === undefined) throw new Error('no app created')
    return { appId: info.applicationIndex, txId }
  }

  /** Configures the manager; returns the app call's tx id. */
  async configure(creator: Account, nftId: bigint, appId: bigint): Promise<string> {
    const g = buildConfigure({
      creator: creator.address,
      appId,
      nftId,
      usdcId: this.devnet.info.usdcAssetId,
      params: await this.params(),
    })
    await this.sendSigned(this.sign(g, creator))
    return g.txns[g.txns.length - 1].txID()
  }

  /** An approve-all application (`#pragma version 10; pushint 1`) created by `sender`. */
  async approveAllApp(sender: Account): Promise<{ appId: bigint; txId: string }> {
    const program = new Uint8Array([0x0a, 0x81, 0x01])
    const txn = algosdk.makeApplicationCreateTxnFromObject({
      sender: sender.address,
      approvalProgram: program,
      clearProgram: program,
      numGlobalInts: 4,
      numGlobalByteSlices: 3,
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
    const pk = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519, signer.sk.subarray(0, 32)]),
      format: 'der',
      type: 'pkcs8',
    })
    const sig = sign(null, txn.bytesToSign(), pk)
    // attachSignature records a different signer (sgnr) when the key is not the sender's.
    return Buffer.from(txn.attachSignature(signer.address, sig)).toString('base64')
  }
}
