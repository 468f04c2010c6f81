/**
 * The demo seed of the first start, through the real flows only: KMD signs every transaction, the
 * create/deploy/configure groups from @unica/contracts go to algod and are submitted to the REST
 * API (submit_asset with the creator's upload proof, submit_contract, submit_configuration), and
 * every trade goes through send_tx and the worker, exactly as the web app does. Nothing is written
 * to the database directly except the staff registration, which is an operator's act.
 */
import { createHash, randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import algosdk from 'algosdk'
import {
  buildAppOptIn,
  buildAssetOptIn,
  buildBid,
  buildBuyNow,
  buildConfigure,
  buildCreateNft,
  buildDeploy,
  buildListAsk,
  randomProxyId,
  type Market,
  type UnsignedGroup,
} from '@unica/contracts'
import type { Devnet } from '@unica/devnet'
import {
  createApiClient,
  submitAssetProofNote,
  type ApiClient,
  type TradeOperation,
} from '@unica/schemas'
import { setStaff, type Chain, type Database } from '@unica/server'
import { DEMO_PIECES, type Collector, type DemoPiece } from './catalog.js'
import { artworkPng } from './images.js'
import { KmdSigner } from './kmd.js'

export interface SeedTarget {
  /** The origin serving the API (and the web app the NFTs' URLs point at). */
  readonly url: string
  readonly devnet: Devnet
  readonly chain: Chain
  readonly database: Database
}

export interface SeededPiece {
  readonly name: string
  readonly guid: string
  readonly assetId: bigint
  readonly appId: bigint
}

export interface SeedResult {
  readonly staff: string
  readonly pieces: readonly SeededPiece[]
}

const USDC = 1_000_000n

/** The staff member: the devnet's first test account (packages/devnet TEST_WALLETS). */
export const STAFF = 'Wallet2'

const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** Makes an account staff (what `npm run admin` does for an operator). */
export async function registerStaff(database: Database, address: string): Promise<void> {
  await setStaff(database.db, address, true)
}

/** The demo is seeded once: a database that holds any asset is left as it is. */
export async function hasAssets(database: Database): Promise<boolean> {
  const rows = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM assets')
  return (rows[0]?.n ?? 0) > 0
}

export async function seedDemo(
  target: SeedTarget,
  log: (message: string) => void = () => undefined,
): Promise<SeedResult> {
  const seeder = new Seeder(
    target,
    await KmdSigner.connect(target.devnet.urls.kmd, target.devnet.token),
  )
  return seeder.run(log)
}

class Seeder {
  private readonly api: ApiClient
  private readonly algod: algosdk.Algodv2
  private readonly usdcId: bigint

  constructor(
    private readonly target: SeedTarget,
    private readonly kmd: KmdSigner,
  ) {
    // The chain may lag behind what the seed just did: keep resending while the server says so.
    this.api = createApiClient({ baseUrl: target.url, retry: { attempts: 100, delayMs: 100 } })
    this.algod = target.chain.algod
    this.usdcId = target.chain.usdcId
  }

  async run(log: (message: string) => void): Promise<SeedResult> {
    // The devnet's first test account (TEST_WALLETS: Wallet2, funded with Algos and USDC) is staff.
    const staff = this.account(STAFF)
    await registerStaff(this.target.database, staff)
    await this.optInAsset(staff, this.usdcId)

    const pieces: SeededPiece[] = []
    for (const [i, piece] of DEMO_PIECES.entries()) {
      const seeded = await this.createPiece(staff, piece)
      await this.trade(staff, piece, seeded)
      pieces.push(seeded)
      log(`  seeded ${String(i + 1)}/${String(DEMO_PIECES.length)}: ${piece.name}`)
    }
    return { staff, pieces }
  }

  /** Spec section 4's staff flow: create the NFT, submit it, deploy, finish setup. */
  private async createPiece(staff: string, piece: DemoPiece): Promise<SeededPiece> {
    // A fresh random guid, as the web app makes one (a UUID's 32 hex digits).
    const guid = randomBytes(16).toString('hex')
    const image = await artworkPng(piece.art)
    const create = buildCreateNft({
      creator: staff,
      unitName: piece.unitName,
      assetName: piece.name,
      url: `${this.target.url}/nft/${guid}`,
      guid,
      description: piece.description,
      mediaUrl: `${this.target.url}/nft/${guid}`,
      mimeType: 'image/png',
      params: await this.params(),
    })
    const createTx = await this.send(create)
    const assetId = (await this.algod.pendingTransactionInformation(createTx).do()).assetIndex
    if (assetId === undefined) throw new Error(`${piece.name}: no asset created`)

    const note = submitAssetProofNote(
      assetId.toString(),
      sha256Hex(image),
      sha256Hex(new TextEncoder().encode(piece.description)),
    )
    const proofTxn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: staff,
      receiver: staff,
      amount: 0n,
      note: new TextEncoder().encode(note),
      suggestedParams: await this.params(),
    })
    await this.api.submitAsset({
      body: {
        asset_id: assetId.toString(),
        description: piece.description,
        image: new File([image], `${guid}.png`, { type: 'image/png' }),
        proof: Buffer.from(await this.kmd.signTxn(proofTxn)).toString('base64'),
      },
    })

    const deploy = buildDeploy({
      creator: staff,
      proxyId: randomProxyId(),
      usdcId: this.usdcId,
      nftId: assetId,
      params: await this.params(),
    })
    await this.send(deploy)
    const deployTx = deploy.txns[1].txID()
    const appId = (await this.algod.pendingTransactionInformation(deployTx).do()).applicationIndex
    if (appId === undefined) throw new Error(`${piece.name}: no application created`)
    await this.api.submitContract({ body: { app_id: appId.toString(), tx_id: deployTx } })

    const configure = buildConfigure({
      creator: staff,
      appId,
      nftId: assetId,
      usdcId: this.usdcId,
      params: await this.params(),
    })
    await this.send(configure)
    await this.api.submitConfiguration({
      body: { app_id: appId.toString(), tx_id: configure.txns[configure.txns.length - 1].txID() },
    })
    return { name: piece.name, guid, assetId, appId }
  }

  /** The piece's listing, bids and sale, each through send_tx as the web app sends trades. */
  private async trade(staff: string, piece: DemoPiece, seeded: SeededPiece): Promise<void> {
    const market: Market = { appId: seeded.appId, nftId: seeded.assetId, usdcId: this.usdcId }
    if (piece.price !== undefined) {
      const price = BigInt(piece.price) * USDC
      const list = buildListAsk({ seller: staff, market, price, params: await this.params() })
      await this.sendTx(await this.kmd.signGroup(list), 'ASK')

      if (piece.boughtBy !== undefined) {
        const buyer = this.collector(piece.boughtBy.collector)
        await this.optInAsset(buyer, seeded.assetId)
        const buy = buildBuyNow({
          buyer,
          market,
          price,
          owner: staff,
          currentBid: 0n,
          params: await this.params(),
        })
        await this.sendTx(await this.kmd.signGroup(buy), 'BUY_NOW')
        if (piece.boughtBy.relistAt !== undefined) {
          const relist = buildListAsk({
            seller: buyer,
            market,
            price: BigInt(piece.boughtBy.relistAt) * USDC,
            params: await this.params(),
          })
          await this.sendTx(await this.kmd.signGroup(relist), 'ASK')
        }
      }
    }
    for (const bid of piece.bids ?? []) {
      const bidder = this.collector(bid.from)
      await this.optInApp(bidder, seeded.appId)
      await this.optInAsset(bidder, seeded.assetId)
      const group = buildBid({
        bidder,
        market,
        currentBid: 0n,
        newBid: BigInt(bid.usdc) * USDC,
        params: await this.params(),
      })
      await this.sendTx(await this.kmd.signGroup(group), 'BID')
    }
  }

  /** send_tx, then polls the operation; throws with the chain's reason unless it executed. */
  private async sendTx(signed: Uint8Array[], operation: TradeOperation): Promise<void> {
    const blob = Buffer.concat(signed).toString('base64')
    const { operation_id: id } = await this.api.sendTx({ body: { blob, operation } })
    const deadline = Date.now() + 60_000
    for (;;) {
      const status = await this.api.getOperation({ params: { id } })
      if (!status.is_pending) {
        if (status.is_executed) return
        throw new Error(`${operation} failed: ${status.failure_reason ?? 'no reason given'}`)
      }
      if (Date.now() > deadline) throw new Error(`${operation} still pending after 60 s`)
      await sleep(50)
    }
  }

  private collector(name: Collector): string {
    return this.account(name)
  }

  private account(name: string): string {
    const account = this.target.devnet.info.accounts.find((a) => a.name === name)
    if (account === undefined) throw new Error(`the devnet has no ${name}`)
    return account.address
  }

  private async optInAsset(account: string, assetId: bigint): Promise<void> {
    const held = await this.algod
      .accountAssetInformation(account, assetId)
      .do()
      .then(
        () => true,
        () => false,
      )
    if (held) return
    await this.send(buildAssetOptIn({ account, assetId, params: await this.params() }))
  }

  private async optInApp(account: string, appId: bigint): Promise<void> {
    const info = await this.algod.accountInformation(account).do()
    if ((info.appsLocalState ?? []).some((s) => s.id === appId)) return
    await this.send(buildAppOptIn({ account, appId, params: await this.params() }))
  }

  private params(): Promise<algosdk.SuggestedParams> {
    return this.algod.getTransactionParams().do()
  }

  /** Signs with KMD, submits to algod and waits for the block; returns the first tx id. */
  private async send(group: UnsignedGroup): Promise<string> {
    const signed = await this.kmd.signGroup(group)
    const { txid } = await this.algod.sendRawTransaction(signed).do()
    await algosdk.waitForConfirmation(this.algod, txid, 10)
    return txid
  }
}
