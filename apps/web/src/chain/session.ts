/**
 * Everything that needs algosdk or a wallet SDK, in one module the app loads on demand: the algod
 * client, the wallet manager, account and contract reads, signing and sending.
 */
import algosdk from 'algosdk'
import { signWithProxy, type UnsignedGroup } from '@unica/contracts'
import type { AppConfig } from '../lib/config.js'
import { ChainError } from '../lib/errors.js'
import * as wallets from '../wallet/manager.js'
import { readAccount, type AccountData } from './account.js'
import { algodClient } from './client.js'
import { createdApps, readBid, readMarket } from './market.js'

export class ChainSession {
  readonly algod: algosdk.Algodv2
  readonly wallets: wallets.WalletManager

  constructor(readonly config: AppConfig) {
    this.algod = algodClient(config)
    this.wallets = wallets.createManager(config)
  }

  connect = (id: string) => wallets.connect(this.wallets, id)
  resume = (id: string) => wallets.resume(this.wallets, id)
  disconnect = () => wallets.disconnect(this.wallets)
  selectAccount = (id: string, address: string) => {
    wallets.selectAccount(this.wallets, id, address)
  }
  detectKibisis = () => wallets.detectKibisis()

  readAccount = (address: string): Promise<AccountData> => readAccount(this.algod, address)
  readMarket = (appId: bigint) => readMarket(this.algod, appId)
  readBid = (appId: bigint, bidder: string) => readBid(this.algod, appId, bidder)
  createdApps = (address: string) => createdApps(this.algod, address)

  async params(): Promise<algosdk.SuggestedParams> {
    try {
      const p = await this.algod.getTransactionParams().do()
      // The spec's validity window: 1000 rounds.
      return { ...p, lastValid: p.firstValid + 1000n }
    } catch (e) {
      throw new ChainError('get', e)
    }
  }

  /** Signs a builder's group: the wallet signs its transactions, the proxy logic sig its own. */
  async sign(walletId: string, g: UnsignedGroup): Promise<Uint8Array[]> {
    const txns = [...g.txns]
    const mine = g.signers.flatMap((s, i) => (s.kind === 'wallet' ? [i] : []))
    const signed = await wallets.signGroup(this.wallets, walletId, txns, mine)
    return g.signers.map((s, i) =>
      s.kind === 'wallet' ? signed[mine.indexOf(i)] : signWithProxy(txns[i], s.proxyId),
    )
  }

  /**
   * The creator's upload proof for submit_asset: a 0-Algo payment to themselves carrying `note`,
   * signed by the wallet and never broadcast. Base64 of the signed transaction.
   */
  async signProof(walletId: string, address: string, note: string): Promise<string> {
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: address,
      receiver: address,
      amount: 0n,
      note: new TextEncoder().encode(note),
      suggestedParams: await this.params(),
    })
    const [signed] = await wallets.signGroup(this.wallets, walletId, [txn], [0])
    return algosdk.bytesToBase64(signed)
  }

  /** Sends a signed group to algod and waits for it; the first transaction's id. */
  async send(signed: Uint8Array[]): Promise<string> {
    let txId: string
    try {
      const answer = await this.algod.sendRawTransaction(signed).do()
      txId = answer.txid
    } catch (e) {
      throw new ChainError('post', e)
    }
    try {
      await algosdk.waitForConfirmation(this.algod, txId, 20)
    } catch (e) {
      throw new ChainError('get', e)
    }
    return txId
  }

  /** The id of the first transaction of a group (what the explorer link shows). */
  static txId(g: UnsignedGroup): string {
    return g.txns[0].txID()
  }

  /** Base64 of the concatenated signed transactions, as send_tx takes it. */
  static blob(signed: Uint8Array[]): string {
    const total = signed.reduce((n, s) => n + s.length, 0)
    const out = new Uint8Array(total)
    let at = 0
    for (const s of signed) {
      out.set(s, at)
      at += s.length
    }
    return algosdk.bytesToBase64(out)
  }

  /** The created asset id of a confirmed acfg. */
  async createdAssetId(txId: string): Promise<bigint | undefined> {
    try {
      const info = await this.algod.pendingTransactionInformation(txId).do()
      return info.assetIndex
    } catch (e) {
      throw new ChainError('get', e)
    }
  }
}

export function createSession(config: AppConfig): ChainSession {
  return new ChainSession(config)
}
