/**
 * kmd inside the whole devnet: what it signs is accepted by the chain through algod, including a
 * rekeyed account signed with `public_key` (go-algorand Transaction.Sign sets AuthAddr), and
 * AlgoKit's dispenser lookup (GET /genesis "Wallet1" -> export from the default wallet) works.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_WALLET_NAME, startDevnet, type Devnet } from '../../src/index.js'
import { walletId } from './kmd-fixture.js'

const TOKEN = 'a'.repeat(64)
let devnet: Devnet
let algod: algosdk.Algodv2
let kmd: algosdk.Kmd
let token: string

beforeAll(async () => {
  devnet = await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0 })
  algod = new algosdk.Algodv2(TOKEN, 'http://127.0.0.1', devnet.ports.algod)
  kmd = new algosdk.Kmd(TOKEN, 'http://127.0.0.1', devnet.ports.kmd)
  const id = await walletId(kmd, DEFAULT_WALLET_NAME)
  token = ((await kmd.initWalletHandle(id, '')) as { wallet_handle_token: string })
    .wallet_handle_token
})
afterAll(async () => {
  await devnet.stop()
})

async function submitViaKmd(txn: algosdk.Transaction, authorizer?: string): Promise<void> {
  const signed =
    authorizer === undefined
      ? await kmd.signTransaction(token, '', txn)
      : await kmd.signTransactionWithSpecificPublicKey(
          token,
          '',
          txn,
          algosdk.decodeAddress(authorizer).publicKey,
        )
  const { txid } = await algod.sendRawTransaction(signed).do()
  await algosdk.waitForConfirmation(algod, txid, 5)
}

describe('kmd in the devnet', () => {
  it('holds every genesis account, and AlgoKit finds the dispenser as Wallet1', async () => {
    const { addresses } = (await kmd.listKeys(token)) as { addresses: string[] }
    expect(addresses.sort()).toEqual(devnet.info.accounts.map((a) => a.address).sort())
    const genesis = JSON.parse(await algod.genesis().do()) as {
      alloc: { addr: string; comment: string }[]
    }
    const wallet1 = genesis.alloc.find((a) => a.comment === 'Wallet1')
    expect(wallet1).toBeDefined()
    const { private_key } = await kmd.exportKey(token, '', wallet1?.addr ?? '')
    expect(algosdk.encodeAddress(private_key.subarray(32))).toBe(wallet1?.addr)
  })

  // Wallet1 is online in genesis (onl 1 with participation keys), as LocalNet's genesis wallets
  // are; the issuer and the test wallets are offline, so the predicate lands on Wallet1.
  it("finds Wallet1 as AlgoKit Utils' KmdAccountManager.getLocalNetDispenserAccount does", async () => {
    // kmd-account-manager.ts: the first default-wallet key whose account is not 'Offline' and
    // holds over 1000 Algo.
    const { addresses } = (await kmd.listKeys(token)) as { addresses: string[] }
    let dispenser: string | undefined
    for (const address of addresses) {
      const account = await algod.accountInformation(address).do()
      if (account.status !== 'Offline' && account.amount > 1_000_000_000n) {
        dispenser = address
        break
      }
    }
    expect(dispenser).toBe(devnet.info.accounts.find((a) => a.name === 'Wallet1')?.address)
  })

  it('signs a payment the chain accepts', async () => {
    const dispenser = devnet.info.accounts[0].address
    const fresh = algosdk.generateAccount().addr
    const suggestedParams = await algod.getTransactionParams().do()
    await submitViaKmd(
      algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: dispenser,
        receiver: fresh,
        amount: 1_000_000n,
        suggestedParams,
      }),
    )
    const info = await algod.accountInformation(fresh).do()
    expect(info.amount).toBe(1_000_000n)
  })

  it('signs for a rekeyed account with public_key; the chain accepts it', async () => {
    const [, a, b] = devnet.info.accounts.map((x) => x.address)
    const suggestedParams = await algod.getTransactionParams().do()
    await submitViaKmd(
      algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: a,
        receiver: a,
        amount: 0n,
        rekeyTo: b,
        suggestedParams,
      }),
    )
    const payment = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: a,
      receiver: b,
      amount: 1000n,
      rekeyTo: a,
      suggestedParams,
    })
    // Signed by A's own key the chain refuses it: A is now authorized by B.
    await expect(submitViaKmd(payment)).rejects.toThrow()
    await submitViaKmd(payment, b)
    const info = await algod.accountInformation(a).do()
    expect(info.authAddr).toBeUndefined()
  })
})
