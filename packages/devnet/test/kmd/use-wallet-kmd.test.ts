/**
 * use-wallet's KMD flow, driven by @txnlab/use-wallet 4.6.0's own KmdWallet in node (its storage
 * adapter is a no-op without `window`): connect = listWallets -> find `unencrypted-default-wallet`
 * -> init with '' -> listKeys -> release; signTransactions = init -> sign each txn -> release.
 */
import algosdk from 'algosdk'
import { KmdWallet, LogLevel, NetworkId, WalletId, WalletManager } from '@txnlab/use-wallet'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startKmd, type KmdFixture } from './kmd-fixture.js'
import { signatureValid } from './verify-signature.js'

let fx: KmdFixture
beforeEach(async () => {
  fx = await startKmd()
})
afterEach(async () => {
  await fx.close()
})

function kmdWallet(port: number): KmdWallet {
  const manager = new WalletManager({
    wallets: [
      { id: WalletId.KMD, options: { port, promptForPassword: () => Promise.resolve('') } },
    ],
    defaultNetwork: NetworkId.LOCALNET,
    options: { logLevel: LogLevel.ERROR },
  })
  const wallet = manager.getWallet(WalletId.KMD)
  if (!(wallet instanceof KmdWallet)) throw new Error('no KMD wallet')
  return wallet
}

describe("use-wallet's KMD wallet", () => {
  it('connects: the accounts are the genesis accounts, Wallet1 first and active', async () => {
    const wallet = kmdWallet(fx.port)
    const accounts = await wallet.connect()
    expect(accounts.map((a) => a.address)).toEqual(fx.genesis.accounts.map((a) => a.address))
    expect(accounts[0]?.name).toBe('KMD Account 1')
    expect(wallet.activeAccount?.address).toBe(fx.genesis.accounts[0].address)
  })

  it('signs a group: only its own transactions, each with a valid signature', async () => {
    const wallet = kmdWallet(fx.port)
    await wallet.connect()
    const suggestedParams = {
      fee: 1000n,
      minFee: 1000n,
      flatFee: true,
      firstValid: 1n,
      lastValid: 1000n,
      genesisID: fx.genesis.id,
      genesisHash: fx.genesis.hash,
    }
    const own = fx.genesis.accounts[1].address
    const stranger = algosdk.generateAccount().addr
    const group = algosdk.assignGroupID([
      algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: own,
        receiver: stranger,
        amount: 5n,
        suggestedParams,
      }),
      algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: stranger,
        receiver: own,
        amount: 5n,
        suggestedParams,
      }),
    ])
    const signed = await wallet.signTransactions(group)
    // use-wallet's KMD wallet returns only what it signed (not null-padded).
    expect(signed).toHaveLength(1)
    const [blob] = signed
    if (blob === null) throw new Error('use-wallet returned a null for a transaction it signs')
    const stxn = algosdk.decodeSignedTransaction(blob)
    expect(stxn.txn.txID()).toBe(group[0].txID())
    expect(signatureValid(stxn, own)).toBe(true)
  })
})
