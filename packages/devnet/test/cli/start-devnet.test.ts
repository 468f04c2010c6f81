/**
 * `startDevnet` in-process: three servers on free ports, the info the CLI prints (matching
 * algod's GET /devnet/info), state kept under a data directory across a stop and a start, and a
 * stop that closes everything.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { startDevnet } from '../../src/index.js'

const TOKEN = 'a'.repeat(64)
const FREE = { algodPort: 0, indexerPort: 0, kmdPort: 0 }

describe('startDevnet', () => {
  it('serves algod, indexer and kmd, and reports the genesis and USDC asset', async () => {
    const devnet = await startDevnet(FREE)
    try {
      expect(devnet.info.genesisId).toBe('devnet-v1')
      expect(devnet.info.accounts[0]?.name).toBe('Wallet1')
      const algod = new algosdk.Algodv2(TOKEN, 'http://127.0.0.1', devnet.ports.algod)
      const params = await algod.getTransactionParams().do()
      expect(params.genesisID).toBe('devnet-v1')
      expect(Buffer.from(params.genesisHash).toString('base64')).toBe(devnet.info.genesisHash)
      const asset = await algod.getAssetByID(devnet.info.usdcAssetId).do()
      expect(asset.params?.unitName).toBe('USDC')
      const indexer = new algosdk.Indexer(TOKEN, 'http://127.0.0.1', devnet.ports.indexer)
      expect((await indexer.makeHealthCheck().do()).round).toBeGreaterThanOrEqual(0n)
      const kmd = new algosdk.Kmd(TOKEN, 'http://127.0.0.1', devnet.ports.kmd)
      expect(await kmd.versions()).toEqual({ versions: ['v1'] })
      const res = await fetch(`${devnet.urls.algod}/devnet/info`, {
        headers: { 'X-Algo-API-Token': TOKEN },
      })
      const body = (await res.json()) as { 'genesis-id': string; 'usdc-asset-id': number }
      expect(body['genesis-id']).toBe(devnet.info.genesisId)
      expect(BigInt(body['usdc-asset-id'])).toBe(devnet.info.usdcAssetId)
    } finally {
      await devnet.stop()
      await devnet.stop()
    }
    await expect(fetch(`${devnet.urls.algod}/health`)).rejects.toThrow()
  }, 60_000)

  it('keeps blocks and kmd wallets under dataDir across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'devnet-'))
    try {
      const fresh = algosdk.generateAccount().addr
      const first = await startDevnet({ ...FREE, dataDir })
      let round: bigint
      try {
        const algod = new algosdk.Algodv2(TOKEN, 'http://127.0.0.1', first.ports.algod)
        const kmd = new algosdk.Kmd(TOKEN, 'http://127.0.0.1', first.ports.kmd)
        await kmd.createWallet('kept', 'pw')
        const wallet1 = first.chain.genesis.accounts[0]
        const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
          sender: wallet1.address,
          receiver: fresh,
          amount: 2_000_000n,
          suggestedParams: await algod.getTransactionParams().do(),
        })
        const signer = algosdk.makeBasicAccountTransactionSigner({
          addr: algosdk.Address.fromString(wallet1.address),
          sk: wallet1.secretKey,
        })
        const { txid } = await algod.sendRawTransaction(await signer([txn], [0])).do()
        round = (await algosdk.waitForConfirmation(algod, txid, 5)).confirmedRound ?? 0n
      } finally {
        await first.stop()
      }

      const second = await startDevnet({ ...FREE, dataDir })
      try {
        expect(second.chain.lastRound()).toBeGreaterThanOrEqual(round)
        const algod = new algosdk.Algodv2(TOKEN, 'http://127.0.0.1', second.ports.algod)
        expect((await algod.accountInformation(fresh).do()).amount).toBe(2_000_000n)
        const kmd = new algosdk.Kmd(TOKEN, 'http://127.0.0.1', second.ports.kmd)
        const { wallets } = (await kmd.listWallets()) as { wallets: { name: string }[] }
        expect(wallets.map((w) => w.name)).toContain('kept')
      } finally {
        await second.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)

  it('releases everything when it cannot start (a port already taken)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'devnet-'))
    const holder = await startDevnet(FREE)
    try {
      await expect(startDevnet({ ...FREE, dataDir, kmdPort: holder.ports.kmd })).rejects.toThrow(
        /EADDRINUSE|in use/,
      )
      // The failed start let go of the data directory: another devnet may take it.
      const next = await startDevnet({ ...FREE, dataDir })
      await next.stop()
    } finally {
      await holder.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
