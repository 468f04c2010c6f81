/**
 * kmd's wallet and handle endpoints, black-box through algosdk's Kmd client. Expected texts and
 * statuses are go-algorand's (daemon/kmd/api/v1/handlers.go, session/auth.go, sqlite_errors.go).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_WALLET_NAME } from '../../src/kmd/index.js'
import { startKmd, walletId, type KmdFixture } from './kmd-fixture.js'

interface ApiWallet {
  id: string
  name: string
  driver_name: string
  driver_version: number
  mnemonic_ux: boolean
  supported_txs: string[]
}

let fx: KmdFixture
beforeEach(async () => {
  fx = await startKmd()
})
afterEach(async () => {
  await fx.close()
})

describe('kmd wallets', () => {
  it('answers GET /versions without a token', async () => {
    const res = await fetch(`${fx.url}/versions`)
    expect(await res.json()).toEqual({ versions: ['v1'] })
    expect(await fx.kmd.versions()).toEqual({ versions: ['v1'] })
  })

  it('refuses v1 calls without the API token, with the envelope', async () => {
    const res = await fetch(`${fx.url}/v1/wallets`)
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ error: true })
  })

  it('lists the default wallet as kmd describes a sqlite wallet', async () => {
    const body = (await fx.kmd.listWallets()) as { wallets: ApiWallet[]; error: boolean }
    expect(body.error).toBe(false)
    expect(body.wallets).toHaveLength(1)
    expect(body.wallets[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
      name: DEFAULT_WALLET_NAME,
      driver_name: 'sqlite',
      driver_version: 1,
      mnemonic_ux: false,
      supported_txs: ['pay', 'keyreg'],
    })
  })

  it('gives the default wallet the same id for the same genesis', async () => {
    const again = await startKmd({ genesis: fx.genesis })
    try {
      expect(await walletId(again.kmd, DEFAULT_WALLET_NAME)).toBe(
        await walletId(fx.kmd, DEFAULT_WALLET_NAME),
      )
    } finally {
      await again.close()
    }
  })

  it('creates a wallet and refuses a second one of the same name', async () => {
    const { wallet } = (await fx.kmd.createWallet('mine', 'pw')) as { wallet: ApiWallet }
    expect(wallet.name).toBe('mine')
    expect(wallet.id).toMatch(/^[0-9a-f]{32}$/)
    await expect(fx.kmd.createWallet('mine', 'other')).rejects.toThrow(
      'wallet with same name already exists',
    )
    const { wallets } = (await fx.kmd.listWallets()) as { wallets: ApiWallet[] }
    expect(wallets.map((w) => w.name).sort()).toEqual(['mine', DEFAULT_WALLET_NAME])
  })

  it('names a wallet created without a name by its id (postWalletHandler)', async () => {
    const { wallet } = (await fx.kmd.createWallet('', 'pw')) as { wallet: ApiWallet }
    expect(wallet.name).toBe(wallet.id)
  })

  it('refuses an unknown driver and a name over 64 bytes', async () => {
    await expect(fx.kmd.createWallet('x', 'pw', new Uint8Array(), 'ledger')).rejects.toThrow(
      'unknown wallet driver',
    )
    await expect(fx.kmd.createWallet('n'.repeat(65), 'pw')).rejects.toThrow(
      'wallet name too long, must be <= 64 bytes',
    )
  })

  it('refuses a master derivation key that is not 32 bytes', async () => {
    await expect(fx.kmd.createWallet('x', 'pw', new Uint8Array(31).fill(1))).rejects.toThrow(
      'could not decode request body',
    )
  })

  it('initialises a handle with the right password, refuses a wrong one with 401', async () => {
    const { wallet } = (await fx.kmd.createWallet('locked', 'secret')) as { wallet: ApiWallet }
    const { wallet_handle_token } = (await fx.kmd.initWalletHandle(wallet.id, 'secret')) as {
      wallet_handle_token: string
    }
    expect(wallet_handle_token).toMatch(/^[0-9a-f]{16}\.[0-9a-f]{64}$/)
    await expect(fx.kmd.initWalletHandle(wallet.id, 'guess')).rejects.toThrow(
      /status 401.*error decrypting\. wrong password\?/,
    )
    await expect(fx.kmd.initWalletHandle('0'.repeat(32), 'secret')).rejects.toThrow(
      'wallet not found',
    )
  })

  it('reports, renews and releases a handle', async () => {
    const id = await walletId(fx.kmd, DEFAULT_WALLET_NAME)
    const { wallet_handle_token: token } = (await fx.kmd.initWalletHandle(id, '')) as {
      wallet_handle_token: string
    }
    const info = (await fx.kmd.getWallet(token)) as {
      wallet_handle: { wallet: ApiWallet; expires_seconds: number }
    }
    expect(info.wallet_handle.wallet.name).toBe(DEFAULT_WALLET_NAME)
    expect(info.wallet_handle.expires_seconds).toBeGreaterThanOrEqual(58)
    expect(info.wallet_handle.expires_seconds).toBeLessThanOrEqual(60)
    const renewed = (await fx.kmd.renewWalletHandle(token)) as {
      wallet_handle: { expires_seconds: number }
    }
    expect(renewed.wallet_handle.expires_seconds).toBeGreaterThanOrEqual(59)
    expect(await fx.kmd.releaseWalletHandle(token)).toEqual({ error: false, message: '' })
    await expect(fx.kmd.listKeys(token)).rejects.toThrow(/status 401.*handle does not exist/)
  })

  it('refuses malformed and forged handle tokens', async () => {
    await expect(fx.kmd.listKeys('nonsense')).rejects.toThrow('wrong number of token parts')
    await expect(fx.kmd.listKeys('xyz.abc')).rejects.toThrow('invalid wallet handle id')
    await expect(fx.kmd.listKeys(`${'0'.repeat(16)}.abc`)).rejects.toThrow(
      'invalid wallet handle secret',
    )
    const id = await walletId(fx.kmd, DEFAULT_WALLET_NAME)
    const { wallet_handle_token: token } = (await fx.kmd.initWalletHandle(id, '')) as {
      wallet_handle_token: string
    }
    const forged = `${token.slice(0, 17)}${'f'.repeat(64)}`
    await expect(fx.kmd.listKeys(forged)).rejects.toThrow(/status 401.*invalid token/)
  })

  it('renames a wallet with its password, never the default wallet', async () => {
    const { wallet } = (await fx.kmd.createWallet('old', 'pw')) as { wallet: ApiWallet }
    await expect(fx.kmd.renameWallet(wallet.id, 'bad', 'new')).rejects.toThrow(
      'error decrypting. wrong password?',
    )
    const renamed = (await fx.kmd.renameWallet(wallet.id, 'pw', 'new')) as { wallet: ApiWallet }
    expect(renamed.wallet).toMatchObject({ id: wallet.id, name: 'new' })
    await expect(fx.kmd.renameWallet(wallet.id, 'pw', DEFAULT_WALLET_NAME)).rejects.toThrow(
      'wallet with same name already exists',
    )
    const defaultId = await walletId(fx.kmd, DEFAULT_WALLET_NAME)
    await expect(fx.kmd.renameWallet(defaultId, '', 'other')).rejects.toThrow(/default wallet/)
  })

  it('answers bodies that are not JSON objects with 400 and the envelope', async () => {
    for (const body of ['[1]', '"x"', '{"wallet_id": 5}', 'not json']) {
      const res = await fetch(`${fx.url}/v1/wallet/init`, {
        method: 'POST',
        headers: { 'X-KMD-API-Token': 'a'.repeat(64), 'content-type': 'application/json' },
        body,
      })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({
        error: true,
        message: expect.any(String) as unknown,
      })
    }
  })
})
