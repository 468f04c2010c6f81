/**
 * kmd's key and signing endpoints, black-box through algosdk's Kmd client, with go-algorand's
 * rules (daemon/kmd/wallet/driver/sqlite.go: GenerateKey, ImportKey, ExportKey, DeleteKey,
 * SignTransaction; session/auth.go for expiry).
 */
import algosdk from 'algosdk'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_WALLET_NAME } from '../../src/kmd/index.js'
import { deriveKeyPair, keyPairFromSeed } from '../../src/kmd/keys.js'
import { startKmd, walletId, type KmdFixture } from './kmd-fixture.js'
import { signatureValid } from './verify-signature.js'

let fx: KmdFixture
beforeEach(async () => {
  fx = await startKmd()
})
afterEach(async () => {
  await fx.close()
})

async function handle(name: string, password: string): Promise<string> {
  const id = await walletId(fx.kmd, name)
  const res = (await fx.kmd.initWalletHandle(id, password)) as { wallet_handle_token: string }
  return res.wallet_handle_token
}

function payment(sender: string): algosdk.Transaction {
  return algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender,
    receiver: sender,
    amount: 1000n,
    suggestedParams: {
      fee: 1000n,
      minFee: 1000n,
      flatFee: true,
      firstValid: 1n,
      lastValid: 1000n,
      genesisID: 'devnet-v1',
      genesisHash: new Uint8Array(32).fill(9),
    },
  })
}

describe('kmd keys', () => {
  it('lists every genesis key in the default wallet, genesis order', async () => {
    const token = await handle(DEFAULT_WALLET_NAME, '')
    const { addresses } = (await fx.kmd.listKeys(token)) as { addresses: string[] }
    expect(addresses).toEqual(fx.genesis.accounts.map((a) => a.address))
  })

  it('exports a genesis key with the (empty) password, refuses a wrong one', async () => {
    const token = await handle(DEFAULT_WALLET_NAME, '')
    const account = fx.genesis.accounts[0]
    const { private_key } = await fx.kmd.exportKey(token, '', account.address)
    expect(Buffer.from(private_key).equals(Buffer.from(account.secretKey))).toBe(true)
    await expect(fx.kmd.exportKey(token, 'x', account.address)).rejects.toThrow(
      'error decrypting. wrong password?',
    )
    await expect(fx.kmd.exportKey(token, '', 'NOTANADDRESS')).rejects.toThrow(
      'could not decode address',
    )
    const stranger = keyPairFromSeed(new Uint8Array(32).fill(77)).address
    await expect(fx.kmd.exportKey(token, '', stranger)).rejects.toThrow(
      'key does not exist in this wallet',
    )
  })

  it('generates keys deterministically from the master derivation key, from index 1', async () => {
    const { wallet } = (await fx.kmd.createWallet('gen', 'pw')) as { wallet: { id: string } }
    const token = await handle('gen', 'pw')
    const first = (await fx.kmd.generateKey(token)) as { address: string }
    const second = (await fx.kmd.generateKey(token)) as { address: string }
    const { master_derivation_key: mdk } = await fx.kmd.exportMasterDerivationKey(token, 'pw')
    expect(first.address).toBe(deriveKeyPair(mdk, 1n).address)
    expect(second.address).toBe(deriveKeyPair(mdk, 2n).address)
    await expect(fx.kmd.exportMasterDerivationKey(token, 'nope')).rejects.toThrow(
      'error decrypting. wrong password?',
    )

    // The same master derivation key in a new wallet derives the same keys (kmd's recovery).
    await fx.kmd.createWallet('restored', 'pw2', mdk)
    const restored = await handle('restored', 'pw2')
    expect(((await fx.kmd.generateKey(restored)) as { address: string }).address).toBe(
      first.address,
    )
    expect(wallet.id).not.toBe(await walletId(fx.kmd, 'restored'))
  })

  it('imports a key once, and deletes it with the password', async () => {
    await fx.kmd.createWallet('imp', 'pw')
    const token = await handle('imp', 'pw')
    const account = algosdk.generateAccount()
    const { address } = (await fx.kmd.importKey(token, account.sk)) as { address: string }
    expect(address).toBe(account.addr.toString())
    await expect(fx.kmd.importKey(token, account.sk)).rejects.toThrow(
      'key already exists in wallet',
    )
    await expect(fx.kmd.importKey(token, account.sk.subarray(0, 32))).rejects.toThrow(
      'could not decode request body',
    )
    await expect(fx.kmd.deleteKey(token, 'bad', address)).rejects.toThrow('wrong password')
    await fx.kmd.deleteKey(token, 'pw', address)
    expect(((await fx.kmd.listKeys(token)) as { addresses: string[] }).addresses).toEqual([])
  })

  it('derives the address of an imported key from its seed only (sqlite.go ImportKey)', async () => {
    await fx.kmd.createWallet('forged', 'pw')
    const token = await handle('forged', 'pw')
    const real = keyPairFromSeed(new Uint8Array(32).fill(5))
    const forged = new Uint8Array(real.secretKey)
    forged.set(new Uint8Array(32).fill(6), 32)
    const { address } = (await fx.kmd.importKey(token, forged)) as { address: string }
    expect(address).toBe(real.address)
  })

  it('signs with the sender key; the signature verifies', async () => {
    const token = await handle(DEFAULT_WALLET_NAME, '')
    const sender = fx.genesis.accounts[1].address
    const txn = payment(sender)
    const signed = algosdk.decodeSignedTransaction(await fx.kmd.signTransaction(token, '', txn))
    expect(signed.txn.txID()).toBe(txn.txID())
    expect(signed.sgnr).toBeUndefined()
    expect(signatureValid(signed, sender)).toBe(true)
  })

  it('signs with public_key for a rekeyed sender and sets the auth address', async () => {
    const token = await handle(DEFAULT_WALLET_NAME, '')
    const rekeyed = keyPairFromSeed(new Uint8Array(32).fill(99)).address
    const authorizer = fx.genesis.accounts[2].address
    const signed = algosdk.decodeSignedTransaction(
      await fx.kmd.signTransactionWithSpecificPublicKey(
        token,
        '',
        payment(rekeyed),
        algosdk.decodeAddress(authorizer).publicKey,
      ),
    )
    expect(signed.sgnr?.toString()).toBe(authorizer)
    expect(signatureValid(signed, authorizer)).toBe(true)
  })

  it('refuses to sign for keys not in the wallet, garbage, or with a wrong password', async () => {
    const token = await handle(DEFAULT_WALLET_NAME, '')
    const stranger = keyPairFromSeed(new Uint8Array(32).fill(42)).address
    await expect(fx.kmd.signTransaction(token, '', payment(stranger))).rejects.toThrow(
      'key does not exist in this wallet',
    )
    const own = payment(fx.genesis.accounts[0].address)
    await expect(fx.kmd.signTransaction(token, 'x', own)).rejects.toThrow('wrong password')
    const res = await fetch(`${fx.url}/v1/transaction/sign`, {
      method: 'POST',
      headers: { 'X-KMD-API-Token': 'a'.repeat(64), 'content-type': 'application/json' },
      body: JSON.stringify({
        wallet_handle_token: token,
        transaction: 'AAEC',
        wallet_password: '',
      }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: true, message: 'could not decode transaction' })
  })
})

describe('kmd handle expiry (session lifetime 60 s, session/auth.go)', () => {
  it('expires a handle after 60 s unless renewed', async () => {
    let now = 1_000_000
    const clocked = await startKmd({ now: () => now })
    try {
      const id = await walletId(clocked.kmd, DEFAULT_WALLET_NAME)
      const open = async (): Promise<string> =>
        ((await clocked.kmd.initWalletHandle(id, '')) as { wallet_handle_token: string })
          .wallet_handle_token
      const renewed = await open()
      const idle = await open()
      now += 50_000
      await clocked.kmd.renewWalletHandle(renewed)
      now += 20_000
      await expect(clocked.kmd.listKeys(idle)).rejects.toThrow(/status 401.*handle expired/)
      const info = (await clocked.kmd.getWallet(renewed)) as {
        wallet_handle: { expires_seconds: number }
      }
      expect(info.wallet_handle.expires_seconds).toBe(40)
    } finally {
      await clocked.close()
    }
  })
})
