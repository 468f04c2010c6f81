/**
 * The demo seed of the first start, through the real flows only: KMD signs every transaction, the
 * create/deploy/configure groups from @unica/contracts go to algod and are submitted to the REST
 * API (submit_asset with the creator's upload proof, submit_contract, submit_configuration), and
 * every trade goes through send_tx and the worker, exactly as the web app does. Nothing is written
 * to the database directly except the staff registration, which is an operator's act.
 */
import { createHash, randomBytes } from 'node:crypto'
import algosdk from 'algosdk'
import {
  buildAppOptIn,
  buildAuctionBid,
  buildAssetOptIn,
  buildBid,
  buildBuyNow,
  buildListAsk,
  buildStartAuction,
  CURRENT_VERSION,
  type Market,
  type UnsignedGroup,
} from '@unica/contracts'
import {
  sendGroup,
  sendTrade,
  setUpNft,
  signUploadProof,
  type FlowChain,
  type TradeApi,
} from '@unica/contracts/flows'
import type { Devnet } from '@unica/devnet'
import {
  createApiClient,
  submitAssetProofNote,
  type ApiClient,
  type SendOperation,
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
  /** The manager version the piece's app runs. */
  readonly version: number
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
  private readonly trades: TradeApi<SendOperation>
  private readonly algod: algosdk.Algodv2
  private readonly usdcId: bigint
  /** algod, with KMD signing (and the proxy logic sig where the deploy group needs it). */
  private readonly chain: FlowChain

  constructor(
    private readonly target: SeedTarget,
    kmd: KmdSigner,
  ) {
    // The chain may lag behind what the seed just did: keep resending while the server says so.
    this.api = createApiClient({ baseUrl: target.url, retry: { attempts: 100, delayMs: 100 } })
    this.trades = tradeApi(this.api)
    this.algod = target.chain.algod
    this.usdcId = target.chain.usdcId
    this.chain = { algod: this.algod, sign: kmd.signGroup }
  }

  async run(log: (message: string) => void): Promise<SeedResult> {
    // The devnet's first test account (TEST_WALLETS: Wallet2, funded with Algos and USDC) is staff.
    const staff = this.account(STAFF)
    await registerStaff(this.target.database, staff)
    await this.optInAsset(staff, this.usdcId)

    const pieces: SeededPiece[] = []
    for (const [i, piece] of DEMO_PIECES.entries()) {
      const [seeded, market] = await this.createPiece(staff, piece)
      await this.tradePiece(staff, piece, seeded, market)
      pieces.push(seeded)
      log(`  seeded ${String(i + 1)}/${String(DEMO_PIECES.length)}: ${piece.name}`)
    }
    return { staff, pieces }
  }

  /** The staff flow of docs/product.md §4: create the NFT, submit it, deploy, finish setup. */
  private async createPiece(staff: string, piece: DemoPiece): Promise<[SeededPiece, Market]> {
    // A fresh random guid, as the web app makes one (a UUID's 32 hex digits).
    const guid = randomBytes(16).toString('hex')
    const image = await artworkPng(piece.art)
    const version = piece.version ?? CURRENT_VERSION
    const recipients = (piece.royalty ?? []).map((r) => ({
      address: r.who === 'staff' ? staff : this.collector(r.who),
      share: r.share,
    }))
    const v2 =
      version >= 2
        ? {
            royalty: {
              recipients: recipients.map((r) => ({ address: r.address, share: BigInt(r.share) })),
            },
          }
        : {}
    const { market } = await setUpNft(
      this.chain,
      {
        creator: staff,
        unitName: piece.unitName,
        assetName: piece.name,
        url: `${this.target.url}/nft/${guid}`,
        guid,
        description: piece.description,
        mediaUrl: `${this.target.url}/nft/${guid}`,
        mimeType: 'image/png',
        usdcId: this.usdcId,
        version,
        ...v2,
      },
      {
        registerAsset: async ({ assetId }) => {
          const note = submitAssetProofNote(
            assetId.toString(),
            sha256Hex(image),
            sha256Hex(new TextEncoder().encode(piece.description)),
          )
          const proof = await signUploadProof(this.chain, staff, note)
          await this.api.submitAsset({
            body: {
              asset_id: assetId.toString(),
              description: piece.description,
              image: new File([image], `${guid}.png`, { type: 'image/png' }),
              proof: Buffer.from(proof).toString('base64'),
              ...(version >= 2 && { royalty: JSON.stringify({ recipients }) }),
            },
          })
        },
        registerContract: async ({ appId, createTxId }) => {
          await this.api.submitContract({
            body: { app_id: appId.toString(), tx_id: createTxId },
          })
        },
        registerConfiguration: async ({ callTxId }, { appId }) => {
          await this.api.submitConfiguration({
            body: { app_id: appId.toString(), tx_id: callTxId },
          })
        },
      },
    )
    const seeded = { name: piece.name, guid, assetId: market.nftId, appId: market.appId, version }
    return [seeded, market]
  }

  /** The piece's listing, bids and sale, each through send_tx as the web app sends trades. */
  private async tradePiece(
    staff: string,
    piece: DemoPiece,
    seeded: SeededPiece,
    market: Market,
  ): Promise<void> {
    if (piece.price !== undefined) {
      const price = BigInt(piece.price) * USDC
      const list = buildListAsk({ seller: staff, market, price, params: await this.params() })
      await this.trade(list, 'ASK')

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
        await this.trade(buy, 'BUY_NOW')
        if (piece.boughtBy.relistAt !== undefined) {
          const relist = buildListAsk({
            seller: buyer,
            market,
            price: BigInt(piece.boughtBy.relistAt) * USDC,
            params: await this.params(),
          })
          await this.trade(relist, 'ASK')
          const resoldTo = piece.boughtBy.resoldTo
          if (resoldTo !== undefined) {
            // A resale by a collector: on v2 the manager pays the royalty out of the price.
            const second = this.collector(resoldTo)
            await this.optInAsset(second, seeded.assetId)
            const resale = buildBuyNow({
              buyer: second,
              market,
              price: BigInt(piece.boughtBy.relistAt) * USDC,
              owner: buyer,
              currentBid: 0n,
              params: await this.params(),
            })
            await this.trade(resale, 'BUY_NOW')
          }
        }
      }
    }
    if (piece.auction !== undefined) await this.auction(staff, piece.auction, seeded, market)
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
      await this.trade(group, 'BID')
    }
  }

  /** A v3 auction the creator starts from the wallet, and its first bid if any (docs/product.md §4). */
  private async auction(
    staff: string,
    auction: NonNullable<DemoPiece['auction']>,
    seeded: SeededPiece,
    market: Market,
  ): Promise<void> {
    const start = buildStartAuction({
      market,
      params: await this.params(),
      seller: staff,
      fromEscrow: false,
      reserve: BigInt(auction.reserve) * USDC,
      duration: BigInt(auction.hours) * 3600n,
      raiseBp: BigInt(auction.raisePercent) * 100n,
      raiseMin: 0n,
    })
    await this.trade(start, 'AUCTION_START')
    if (auction.bid === undefined) return
    const bidder = this.collector(auction.bid.from)
    await this.optInAsset(bidder, seeded.assetId)
    const bid = buildAuctionBid({
      market,
      params: await this.params(),
      bidder,
      amount: BigInt(auction.bid.usdc) * USDC,
      previous: null,
    })
    await this.trade(bid, 'AUCTION_BID')
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

  /** Signs with KMD, submits to algod and waits for the block. */
  private async send(group: UnsignedGroup): Promise<void> {
    await sendGroup(this.chain, group)
  }

  /** Signs with KMD and sends through send_tx, as the web app sends trades; waits for the worker. */
  private async trade(group: UnsignedGroup, operation: SendOperation): Promise<void> {
    await sendTrade(this.chain.sign, this.trades, group, operation)
  }
}

/** send_tx and the operation's state, through the typed client, as the trade flow asks for them. */
function tradeApi(api: ApiClient): TradeApi<SendOperation> {
  return {
    sendTx: async (signed, operation) => {
      const blob = Buffer.concat(signed).toString('base64')
      return (await api.sendTx({ body: { blob, operation } })).operation_id
    },
    operation: async (id) => {
      const status = await api.getOperation({ params: { id } })
      return {
        isPending: status.is_pending,
        isExecuted: status.is_executed,
        failureReason: status.failure_reason ?? null,
      }
    },
  }
}
