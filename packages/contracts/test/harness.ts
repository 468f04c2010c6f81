/**
 * A marketplace on the embedded devnet, driven through algod's REST API with algosdk exactly as the
 * web app and server drive it: builders make the groups, keys sign them, algod takes the bytes.
 * Every account a test uses is fresh, so tests do not see each other's state.
 */
import { createPrivateKey, sign } from 'node:crypto'
import algosdk from 'algosdk'
import { startDevnet, type Devnet } from '@unica/devnet'
import {
  buildAppOptIn,
  buildAssetOptIn,
  buildConfigure,
  buildCreateNft,
  buildDeploy,
  decodeBid,
  decodeManagerGlobal,
  escrowAddress,
  randomProxyId,
  signWithProxy,
  type ManagerState,
  type Market,
  type UnsignedGroup,
} from '../src/index.js'

export interface Account {
  readonly address: string
  readonly sk: Uint8Array
}

export interface Holdings {
  readonly algos: bigint
  readonly usdc: bigint
  readonly nft: bigint
  readonly minBalance: bigint
}

const USDC = 1_000_000n

/** PKCS#8 DER prefix of an Ed25519 private key (RFC 8410): the 32-byte seed follows it. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex')

/**
 * Signs one transaction with an account's key. node:crypto signs the same ed25519 signature as
 * algosdk's tweetnacl, about a hundred times faster, which keeps the random-sequence tests quick.
 */
export function signWith(key: Account, txn: algosdk.Transaction): Uint8Array {
  const pk = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, key.sk.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  })
  return txn.attachSignature(key.address, sign(null, txn.bytesToSign(), pk))
}

export class Harness {
  private nextGuid = 0

  private constructor(
    readonly devnet: Devnet,
    readonly algod: algosdk.Algodv2,
    readonly usdcId: bigint,
    private readonly dispenser: Account,
    private readonly issuer: Account,
  ) {}

  static async start(): Promise<Harness> {
    const devnet = await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0 })
    const algod = new algosdk.Algodv2(devnet.token, 'http://127.0.0.1', devnet.ports.algod)
    const byName = (name: string): Account => {
      const a = devnet.chain.genesis.accounts.find((x) => x.comment === name)
      if (a === undefined) throw new Error(`no genesis account ${name}`)
      return { address: a.address, sk: a.secretKey }
    }
    return new Harness(
      devnet,
      algod,
      devnet.info.usdcAssetId,
      byName('Wallet1'),
      byName('USDC issuer'),
    )
  }

  async stop(): Promise<void> {
    await this.devnet.stop()
  }

  params(): Promise<algosdk.SuggestedParams> {
    return this.algod.getTransactionParams().do()
  }

  /** Signs each transaction as the builder says: a wallet key, or the proxy logic sig. */
  sign(g: UnsignedGroup, ...keys: Account[]): Uint8Array[] {
    const out: Uint8Array[] = []
    for (const [i, txn] of g.txns.entries()) {
      const signer = g.signers[i]
      if (signer.kind === 'proxy') {
        out.push(signWithProxy(txn, signer.proxyId))
        continue
      }
      const key = keys.find((k) => k.address === signer.address)
      if (key === undefined) throw new Error(`no key for ${signer.address}`)
      out.push(signWith(key, txn))
    }
    return out
  }

  /** Sends signed transactions as one group; resolves with the confirmed round, or throws algod's error. */
  async sendSigned(signed: Uint8Array[]): Promise<bigint> {
    const { txid } = await this.algod.sendRawTransaction(signed).do()
    const info = await algosdk.waitForConfirmation(this.algod, txid, 5)
    return info.confirmedRound ?? 0n
  }

  send(g: UnsignedGroup, ...keys: Account[]): Promise<bigint> {
    return this.sendSigned(this.sign(g, ...keys))
  }

  /** The opcode budget the group's app calls consume, by algod's simulate (nothing is committed). */
  async opcodeCost(signed: Uint8Array[]): Promise<number> {
    const request = new algosdk.modelsv2.SimulateRequest({
      txnGroups: [
        new algosdk.modelsv2.SimulateRequestTransactionGroup({
          txns: signed.map((b) => algosdk.decodeSignedTransaction(b)),
        }),
      ],
    })
    const result = await this.algod.simulateTransactions(request).do()
    const g = result.txnGroups[0]
    if (g.failureMessage !== undefined) throw new Error(`simulate failed: ${g.failureMessage}`)
    return g.appBudgetConsumed ?? 0
  }

  /** A fresh account with Algos and USDC (opted in). */
  async account(algos = 10_000_000n, usdc = 10_000n * USDC): Promise<Account> {
    const { addr, sk } = algosdk.generateAccount()
    const account = { address: addr.toString(), sk }
    const params = await this.params()
    const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: this.dispenser.address,
      receiver: account.address,
      amount: algos,
      suggestedParams: params,
    })
    await this.sendSigned([signWith(this.dispenser, fund)])
    await this.send(
      buildAssetOptIn({ account: account.address, assetId: this.usdcId, params }),
      account,
    )
    if (usdc > 0n) {
      const give = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: this.issuer.address,
        receiver: account.address,
        assetIndex: this.usdcId,
        amount: usdc,
        suggestedParams: params,
      })
      await this.sendSigned([signWith(this.issuer, give)])
    }
    return account
  }

  /** Creates an NFT as `creator` through the create-NFT builder; returns its asset id. */
  async createNft(creator: Account): Promise<bigint> {
    const guid = (++this.nextGuid).toString(16).padStart(32, '0')
    const g = buildCreateNft({
      creator: creator.address,
      unitName: 'UNI',
      assetName: `Unica #${this.nextGuid}`,
      url: `https://unica.example/nft/${guid}`,
      guid,
      description: 'A one-of-one test piece',
      mediaUrl: `https://unica.example/media/${guid}.png`,
      mimeType: 'image/png',
      params: await this.params(),
    })
    const { txid } = await this.algod.sendRawTransaction(this.sign(g, creator)).do()
    const info = await algosdk.waitForConfirmation(this.algod, txid, 5)
    if (info.assetIndex === undefined) throw new Error('no asset created')
    return info.assetIndex
  }

  /** Deploys the manager for `nftId` through a proxy; returns the app id. */
  async deploy(creator: Account, nftId: bigint, proxyId = randomProxyId()): Promise<bigint> {
    const g = buildDeploy({
      creator: creator.address,
      proxyId,
      usdcId: this.usdcId,
      nftId,
      params: await this.params(),
    })
    const signed = this.sign(g, creator)
    await this.sendSigned(signed)
    const info = await this.algod.pendingTransactionInformation(g.txns[1].txID()).do()
    if (info.applicationIndex === undefined) throw new Error('no app created')
    return info.applicationIndex
  }

  /** NFT created, manager deployed and configured: a market ready to trade. */
  async market(creator: Account): Promise<Market> {
    const nftId = await this.createNft(creator)
    const appId = await this.deploy(creator, nftId)
    const market = { appId, nftId, usdcId: this.usdcId }
    await this.send(
      buildConfigure({ creator: creator.address, ...market, params: await this.params() }),
      creator,
    )
    return market
  }

  /** Opts `account` in to the app and the NFT, as the web app's button flow queues it. */
  async optIn(
    account: Account,
    market: Market,
    what: { app?: boolean; nft?: boolean } = {},
  ): Promise<void> {
    const params = await this.params()
    if (what.app ?? true) {
      await this.send(
        buildAppOptIn({ account: account.address, appId: market.appId, params }),
        account,
      )
    }
    if (what.nft ?? true) {
      await this.send(
        buildAssetOptIn({ account: account.address, assetId: market.nftId, params }),
        account,
      )
    }
  }

  async holdings(address: string, market: Market): Promise<Holdings> {
    const info = await this.algod.accountInformation(address).do()
    const amount = (id: bigint): bigint => info.assets?.find((a) => a.assetId === id)?.amount ?? 0n
    return {
      algos: info.amount,
      usdc: amount(market.usdcId),
      nft: amount(market.nftId),
      minBalance: info.minBalance,
    }
  }

  async state(market: Market): Promise<ManagerState> {
    const app = await this.algod.getApplicationByID(market.appId).do()
    return decodeManagerGlobal(app.params?.globalState ?? [])
  }

  /** The account's local B, or undefined when it is not opted in. */
  async localBid(address: string, market: Market): Promise<bigint | undefined> {
    try {
      const r = await this.algod.accountApplicationInformation(address, market.appId).do()
      return r.appLocalState === undefined ? undefined : decodeBid(r.appLocalState.keyValue)
    } catch {
      return undefined
    }
  }

  /** Every bid box of the app: bidder -> bid. */
  async bidBoxes(market: Market): Promise<Map<string, bigint>> {
    const { boxes } = await this.algod.getApplicationBoxes(market.appId).do()
    const out = new Map<string, bigint>()
    for (const { name } of boxes) {
      const box = await this.algod.getApplicationBoxByName(market.appId, name).do()
      out.set(new algosdk.Address(name).toString(), algosdk.decodeUint64(box.value, 'bigint'))
    }
    return out
  }

  escrow(market: Market): string {
    return escrowAddress(market.appId)
  }
}

/**
 * Expects algod to refuse a group (HTTP 400, so the chain applied nothing of it) with a message
 * matching `pattern` (by default the app's or a logic sig's rejection); returns the message.
 */
export async function rejected(
  p: Promise<unknown>,
  pattern: RegExp = /logic eval error|rejected by logic/,
): Promise<string> {
  let message: string
  try {
    await p
  } catch (e) {
    message = e instanceof Error ? e.message : String(e)
    if (!message.includes('Received status 400') || !pattern.test(message)) {
      throw new Error(`refused in an unexpected way: ${message}`, { cause: e })
    }
    return message
  }
  throw new Error('the chain accepted a group it must refuse')
}
