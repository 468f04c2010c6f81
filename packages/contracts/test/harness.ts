/**
 * A marketplace on the embedded devnet, driven through algod's REST API with algosdk exactly as the
 * web app and server drive it: builders make the groups, keys sign them, algod takes the bytes.
 * Every account a test uses is fresh, so tests do not see each other's state.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll } from 'vitest'
import { DevnetKit, randomAccount, signWith, type TestAccount } from '@unica/devnet/testing'
import {
  buildAppOptIn,
  buildAssetOptIn,
  decodeBid,
  decodeManagerGlobal,
  escrowAddress,
  randomProxyId,
  type ContractVersion,
  type Royalty,
  type ManagerState,
  type Market,
  type UnsignedGroup,
} from '../src/index.js'
import {
  configureManager,
  createNft,
  deployManager,
  signEach,
  type FlowChain,
} from '../src/flows/index.js'

export type Account = TestAccount

export interface Holdings {
  readonly algos: bigint
  readonly usdc: bigint
  readonly nft: bigint
  readonly minBalance: bigint
}

const USDC = 1_000_000n

export { signWith }

export class Harness {
  private nextGuid = 0

  private constructor(readonly kit: DevnetKit) {}

  static async start(): Promise<Harness> {
    return new Harness(await DevnetKit.start())
  }

  get devnet(): DevnetKit['devnet'] {
    return this.kit.devnet
  }

  get algod(): algosdk.Algodv2 {
    return this.kit.algod
  }

  get usdcId(): bigint {
    return this.kit.usdcId
  }

  async stop(): Promise<void> {
    await this.kit.stop()
  }

  params(): Promise<algosdk.SuggestedParams> {
    return this.kit.params()
  }

  /** Signs each transaction as the builder says: a wallet key, or the proxy logic sig. */
  sign(g: UnsignedGroup, ...keys: Account[]): Uint8Array[] {
    return signEach(g, (txn, address) => {
      const key = keys.find((k) => k.address === address)
      if (key === undefined) throw new Error(`no key for ${address}`)
      return signWith(key, txn)
    })
  }

  /** The staff flows' view of the chain, signing with `keys`. */
  flowChain(...keys: Account[]): FlowChain {
    return { algod: this.algod, sign: (g) => Promise.resolve(this.sign(g, ...keys)) }
  }

  /** Sends signed transactions as one group; resolves with the confirmed round, or throws algod's error. */
  async sendSigned(signed: Uint8Array[]): Promise<bigint> {
    return (await this.kit.sendSigned(signed)).round
  }

  send(g: UnsignedGroup, ...keys: Account[]): Promise<bigint> {
    return this.sendSigned(this.sign(g, ...keys))
  }

  /** Sends a group after recording its app calls' opcode cost (simulate) in `costs` as `name`. */
  async sendMeasured(
    costs: Map<string, number>,
    name: string,
    g: UnsignedGroup,
    ...keys: Account[]
  ): Promise<bigint> {
    const signed = this.sign(g, ...keys)
    costs.set(name, await this.opcodeCost(signed))
    return this.sendSigned(signed)
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
  account(algos = 10_000_000n, usdc = 10_000n * USDC): Promise<Account> {
    return this.kit.newAccount({ algos, usdc })
  }

  /** Creates an NFT as `creator` through the staff flow; returns its asset id. */
  async createNft(creator: Account): Promise<bigint> {
    const guid = (++this.nextGuid).toString(16).padStart(32, '0')
    const created = await createNft(this.flowChain(creator), {
      creator: creator.address,
      unitName: 'UNI',
      assetName: `Unica #${this.nextGuid}`,
      url: `https://unica.example/nft/${guid}`,
      guid,
      description: 'A one-of-one test piece',
      mediaUrl: `https://unica.example/media/${guid}.png`,
      mimeType: 'image/png',
    })
    return created.assetId
  }

  /** Deploys the manager (of `version`, 1 by default) for `nftId` through a proxy; the app id. */
  async deploy(
    creator: Account,
    nftId: bigint,
    proxyId = randomProxyId(),
    version: ContractVersion = 1,
  ): Promise<bigint> {
    const input = { creator: creator.address, nftId, usdcId: this.usdcId, proxyId, version }
    return (await deployManager(this.flowChain(creator), input)).appId
  }

  /**
   * NFT created, manager deployed and configured: a market ready to trade. Version 1 by default;
   * `{ version: 2, royalty }` deploys v2 with that split.
   */
  async market(
    creator: Account,
    options: { version?: ContractVersion; royalty?: Royalty } = {},
  ): Promise<Market> {
    const version = options.version ?? 1
    const nftId = await this.createNft(creator)
    const appId = await this.deploy(creator, nftId, randomProxyId(), version)
    const base = { appId, nftId, usdcId: this.usdcId }
    const recipients = options.royalty?.recipients ?? []
    const market: Market =
      version === 1 ? base : { ...base, version, royalty: { creator: creator.address, recipients } }
    // The version explicitly: configure's default is the current version, not the app's.
    await configureManager(this.flowChain(creator), {
      creator: creator.address,
      ...market,
      version,
    })
    return market
  }

  /** A fresh account with Algos only: not opted in to USDC. */
  async accountWithoutUsdc(algos = 10_000_000n): Promise<Account> {
    const account = randomAccount()
    await this.kit.fund(account.address, algos)
    return account
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

  /** Every bid box of the app: bidder -> bid (v3's held refund boxes, "a" + address, aside). */
  async bidBoxes(market: Market): Promise<Map<string, bigint>> {
    const { boxes } = await this.algod.getApplicationBoxes(market.appId).do()
    const out = new Map<string, bigint>()
    for (const { name } of boxes) {
      if (name.length !== 32) continue
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

/**
 * One harness for a whole test file: started before its first test, handed to `use`, and stopped
 * after its last test.
 */
export function useHarness(use: (h: Harness) => void): void {
  let started: Harness | undefined
  beforeAll(async () => {
    started = await Harness.start()
    use(started)
  })
  afterAll(async () => {
    await started?.stop()
  })
}
