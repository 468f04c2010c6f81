/**
 * Everything that needs algosdk or a wallet SDK, in one module the app loads on demand: the algod
 * client, the wallet manager, account and contract reads, signing and sending.
 */
import algosdk from 'algosdk'
import type { UnsignedGroup } from '@unica/contracts'
import { sendSigned, walletSigner, type FlowChain } from '@unica/contracts/flows'
import type { AppConfig } from '../lib/config.js'
import { ChainError } from '../lib/errors.js'
import * as wallets from '../wallet/manager.js'
import { readAccount, type AccountData } from './account.js'
import { asChainErrors } from './algod-errors.js'
import { algodClient } from './client.js'
import {
  accountExists,
  canReceiveAsset,
  createdApps,
  optedInToAsset,
  readBid,
  readBids,
  readHeld,
  readMarket,
} from './market.js'

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
  optedInToAsset = (address: string, assetId: bigint) =>
    optedInToAsset(this.algod, address, assetId)
  readBids = (appId: bigint) => readBids(this.algod, appId)
  readHeld = (appId: bigint, account: string) => readHeld(this.algod, appId, account)
  canReceiveAsset = (address: string, assetId: bigint) =>
    canReceiveAsset(this.algod, address, assetId)
  accountExists = (address: string) => accountExists(this.algod, address)

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
  sign(walletId: string, g: UnsignedGroup): Promise<Uint8Array[]> {
    return walletSigner((txns, mine) => wallets.signGroup(this.wallets, walletId, txns, mine))(g)
  }

  /**
   * The sign-in proof (docs/security.md W24): a 0-Algo payment to oneself carrying the server's
   * challenge note, with an empty validity window (first valid 2, last valid 1) so it can never be
   * sent; signed by the wallet; base64, as POST /api/auth/sign_in/ takes it.
   */
  async signInProof(walletId: string, address: string, note: string): Promise<string> {
    const params = await this.params()
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: address,
      receiver: address,
      amount: 0,
      note: new TextEncoder().encode(note),
      suggestedParams: { ...params, firstValid: 2n, lastValid: 1n },
    })
    const [signed] = await wallets.signGroup(this.wallets, walletId, [txn], [0])
    return algosdk.bytesToBase64(signed)
  }

  /** algod, the wallet's signatures and the spec's params, for @unica/contracts/flows. */
  flowChain(walletId: string): FlowChain {
    return { algod: this.algod, sign: (g) => this.sign(walletId, g), params: () => this.params() }
  }

  /** Sends a signed group to algod and waits for it; the first transaction's id. */
  async send(signed: Uint8Array[]): Promise<string> {
    return (await asChainErrors(() => sendSigned(this.algod, signed))).txId
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
}

export function createSession(config: AppConfig): ChainSession {
  return new ChainSession(config)
}
