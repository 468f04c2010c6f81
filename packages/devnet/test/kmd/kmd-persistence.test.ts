/**
 * With a data directory, wallets created at run time survive a restart (DIR/kmd.json, replaced
 * atomically); the default wallet is rebuilt from genesis and never written.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import algosdk from 'algosdk'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_WALLET_NAME } from '../../src/kmd/index.js'
import { fakeGenesis, startKmd, walletId } from './kmd-fixture.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kmd-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('kmd persistence', () => {
  it('keeps created wallets, their keys and passwords across a restart', async () => {
    const genesis = fakeGenesis()
    const imported = algosdk.generateAccount()
    const first = await startKmd({ dataDir: dir, genesis })
    let generated: string
    let msig: string
    try {
      await first.kmd.createWallet('kept', 'pw')
      const id = await walletId(first.kmd, 'kept')
      const { wallet_handle_token: token } = (await first.kmd.initWalletHandle(id, 'pw')) as {
        wallet_handle_token: string
      }
      generated = ((await first.kmd.generateKey(token)) as { address: string }).address
      await first.kmd.importKey(token, imported.sk)
      const pks = [generated, imported.addr.toString()].map((a) =>
        Buffer.from(algosdk.decodeAddress(a).publicKey).toString('base64'),
      )
      msig = ((await first.kmd.importMultisig(token, 1, 1, pks)) as { address: string }).address
    } finally {
      await first.close()
    }

    const file = join(dir, 'kmd.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8')).not.toContain(DEFAULT_WALLET_NAME)

    const second = await startKmd({ dataDir: dir, genesis })
    try {
      const id = await walletId(second.kmd, 'kept')
      await expect(second.kmd.initWalletHandle(id, 'wrong')).rejects.toThrow('wrong password')
      const { wallet_handle_token: token } = (await second.kmd.initWalletHandle(id, 'pw')) as {
        wallet_handle_token: string
      }
      const { addresses } = (await second.kmd.listKeys(token)) as { addresses: string[] }
      expect(addresses).toEqual([generated, imported.addr.toString()])
      // The derivation index persisted: the next key is index 2, not index 1 again.
      const next = (await second.kmd.generateKey(token)) as { address: string }
      expect(next.address).not.toBe(generated)
      const exported = await second.kmd.exportKey(token, 'pw', imported.addr.toString())
      expect(Buffer.from(exported.private_key).equals(Buffer.from(imported.sk))).toBe(true)
      expect(await second.kmd.listMultisig(token)).toMatchObject({ addresses: [msig] })
      // The default wallet is still there, rebuilt from genesis.
      await walletId(second.kmd, DEFAULT_WALLET_NAME)
    } finally {
      await second.close()
    }
  })

  it('refuses to start on a damaged kmd.json rather than lose its wallets', async () => {
    writeFileSync(join(dir, 'kmd.json'), '{"version":1,"wallets":[{"id":3}]}')
    await expect(startKmd({ dataDir: dir })).rejects.toThrow(/not a valid kmd wallet file/)
  })
})
