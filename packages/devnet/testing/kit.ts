/**
 * A devnet for tests and benchmarks, driven over its REST APIs as an application drives a real
 * node: algod, indexer and kmd clients, the genesis accounts with their keys, suggested params,
 * and fresh accounts funded with Algos and USDC. Free of any test runner, so vitest suites,
 * Playwright fixtures and benchmarks share it.
 */
import algosdk from 'algosdk'
import { startDevnet, type Devnet, type DevnetOptions } from '../src/devnet.js'
import { randomAccount, signWith, type TestAccount } from './keys.js'

/** 1 USDC in base units (the devnet's USDC has 6 decimals, as Circle's has). */
export const USDC = 1_000_000n
/** 1 Algo in microAlgos. */
export const ALGO = 1_000_000n

export interface NewAccountOptions {
  /** microAlgos from the dispenser (Wallet1); 10 Algos by default. */
  readonly algos?: bigint
  /** USDC base units from the issuer; none by default. The account is opted in to USDC anyway. */
  readonly usdc?: bigint
}

export interface Holdings {
  readonly algos: bigint
  readonly usdc: bigint
}

const LOOPBACK = 'http://127.0.0.1'

export function algodOf(devnet: Devnet): algosdk.Algodv2 {
  return new algosdk.Algodv2(devnet.token, LOOPBACK, devnet.ports.algod)
}

export function indexerOf(devnet: Devnet): algosdk.Indexer {
  return new algosdk.Indexer(devnet.token, LOOPBACK, devnet.ports.indexer)
}

export function kmdOf(devnet: Devnet): algosdk.Kmd {
  return new algosdk.Kmd(devnet.token, LOOPBACK, devnet.ports.kmd)
}

/** A genesis account by its genesis.json comment ('Wallet1' is the dispenser), with its key. */
export function genesisAccount(devnet: Devnet, name: string): TestAccount {
  const found = devnet.chain.genesis.accounts.find((a) => a.comment === name)
  if (found === undefined) throw new Error(`the devnet has no genesis account ${name}`)
  return { address: found.address, sk: found.secretKey }
}

export class DevnetKit {
  readonly algod: algosdk.Algodv2
  readonly indexer: algosdk.Indexer
  readonly kmd: algosdk.Kmd
  readonly usdcId: bigint
  /** Wallet1: the Algo dispenser. */
  readonly dispenser: TestAccount
  /** The USDC issuer (reserve) account. */
  readonly issuer: TestAccount

  private constructor(
    readonly devnet: Devnet,
    private readonly owned: boolean,
  ) {
    this.algod = algodOf(devnet)
    this.indexer = indexerOf(devnet)
    this.kmd = kmdOf(devnet)
    this.usdcId = devnet.info.usdcAssetId
    this.dispenser = genesisAccount(devnet, 'Wallet1')
    this.issuer = genesisAccount(devnet, 'USDC issuer')
  }

  /** Starts an in-memory devnet on free ports; `stop()` stops it. */
  static async start(options: DevnetOptions = {}): Promise<DevnetKit> {
    const devnet = await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0, ...options })
    return new DevnetKit(devnet, true)
  }

  /** A kit over a devnet someone else started (and stops). */
  static of(devnet: Devnet): DevnetKit {
    return new DevnetKit(devnet, false)
  }

  /** Stops the devnet when this kit started it. */
  async stop(): Promise<void> {
    if (this.owned) await this.devnet.stop()
  }

  /** A genesis account by name, with its key ('Wallet2' to 'Wallet6' hold Algos and USDC). */
  genesisAccount(name: string): TestAccount {
    return genesisAccount(this.devnet, name)
  }

  /** algod's suggested params. */
  params(): Promise<algosdk.SuggestedParams> {
    return this.algod.getTransactionParams().do()
  }

  /** Sends signed transactions as one group and waits for its block; the first one's id. */
  async sendSigned(signed: Uint8Array[]): Promise<{ txId: string; round: bigint }> {
    const { txid } = await this.algod.sendRawTransaction(signed).do()
    const info = await algosdk.waitForConfirmation(this.algod, txid, 5)
    return { txId: txid, round: info.confirmedRound ?? 0n }
  }

  /** Pays `microAlgos` from the dispenser. */
  async fund(address: string, microAlgos: bigint): Promise<void> {
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: this.dispenser.address,
      receiver: address,
      amount: microAlgos,
      suggestedParams: await this.params(),
    })
    await this.sendSigned([signWith(this.dispenser, pay)])
  }

  /** Opts `account` in to an asset (USDC by default): a 0-unit transfer to itself. */
  async optIn(account: TestAccount, assetId = this.usdcId): Promise<void> {
    const optIn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: account.address,
      receiver: account.address,
      assetIndex: assetId,
      amount: 0n,
      suggestedParams: await this.params(),
    })
    await this.sendSigned([signWith(account, optIn)])
  }

  /** Sends USDC from the issuer to an opted-in account. */
  async giveUsdc(address: string, amount: bigint): Promise<void> {
    const give = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: this.issuer.address,
      receiver: address,
      assetIndex: this.usdcId,
      amount,
      suggestedParams: await this.params(),
    })
    await this.sendSigned([signWith(this.issuer, give)])
  }

  /** A fresh random account with Algos, opted in to USDC, holding `usdc` of it. */
  async newAccount(options: NewAccountOptions = {}): Promise<TestAccount> {
    const account = randomAccount()
    await this.fund(account.address, options.algos ?? 10n * ALGO)
    await this.optIn(account)
    const usdc = options.usdc ?? 0n
    if (usdc > 0n) await this.giveUsdc(account.address, usdc)
    return account
  }

  /** An account's amount of an asset; 0 when it does not hold it (or is not opted in). */
  async assetBalance(address: string, assetId: bigint): Promise<bigint> {
    const info = await this.algod.accountInformation(address).do()
    return info.assets?.find((a) => a.assetId === assetId)?.amount ?? 0n
  }

  /** An account's Algos and USDC. */
  async holdings(address: string): Promise<Holdings> {
    const info = await this.algod.accountInformation(address).do()
    return {
      algos: info.amount,
      usdc: info.assets?.find((a) => a.assetId === this.usdcId)?.amount ?? 0n,
    }
  }
}
