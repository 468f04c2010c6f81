/**
 * startUnica end to end over HTTP: one origin serving the web app (a small dist made here, so the
 * test does not need a Vite build), the API on the embedded devnet, the worker; data that
 * survives a restart in a data directory; a clean stop that frees every port.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { genesisAccount, signWith } from '@unica/devnet/testing'
import { users } from '@unica/server'
import { startUnica, WebDistMissing, type Unica } from '../src/index.js'

let scratch: string
let dist: string

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'unica-launcher-'))
  dist = join(scratch, 'dist')
  await mkdir(join(dist, 'assets'), { recursive: true })
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Unica test shell</title>')
  await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log("unica")')
})
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => {
        resolve(typeof address === 'object' && address !== null ? address.port : 0)
      })
    })
  })
}

/** Resolves whether something accepts connections on 127.0.0.1:port. */
async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => {
      resolve(false)
    })
    probe.listen(port, '127.0.0.1', () => {
      probe.close(() => {
        resolve(true)
      })
    })
  })
}

describe('startUnica in memory', () => {
  let unica: Unica

  beforeAll(async () => {
    unica = await startUnica({ webDist: dist })
  })
  afterAll(async () => {
    await unica.stop()
  })

  it('serves the SPA, its assets and the API on one origin', async () => {
    expect(unica.url).toMatch(/^http:\/\/localhost:[1-9][0-9]*$/)
    const home = await fetch(`${unica.url}/`)
    expect(home.status).toBe(200)
    expect(home.headers.get('cache-control')).toBe('no-cache')
    expect(await home.text()).toContain('Unica test shell')

    // A route of the SPA, with a query: still the shell.
    const deep = await fetch(`${unica.url}/nft/0123abcd?tab=history`)
    expect(deep.status).toBe(200)
    expect(await deep.text()).toContain('Unica test shell')

    const bundle = await fetch(`${unica.url}/assets/app-abc123.js`)
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await bundle.text()).toBe('console.log("unica")')
  })

  it('keeps the API JSON 404 for unknown API and media paths and for other methods', async () => {
    for (const path of ['/api/nope/', '/api', '/media/missing.png']) {
      const response = await fetch(`${unica.url}${path}`)
      expect(response.status, path).toBe(404)
      expect(await response.json()).toEqual({
        detail: 'Not found.',
        request_id: response.headers.get('x-request-id'),
      })
    }
    const post = await fetch(`${unica.url}/nft/x`, { method: 'DELETE' })
    expect(post.status).toBe(404)
  })

  it('points the web app at the embedded devnet, KMD included', async () => {
    const config = (await (await fetch(`${unica.url}/api/config/`)).json()) as Record<
      string,
      string
    >
    expect(unica.devnet).not.toBeNull()
    const devnet = unica.devnet
    if (devnet === null) return
    expect(config).toMatchObject({
      network: 'devnet',
      genesis_id: 'devnet-v1',
      algod_url: devnet.urls.algod,
      indexer_url: devnet.urls.indexer,
      kmd_url: devnet.urls.kmd,
      usdc_id: devnet.info.usdcAssetId.toString(),
    })
    const status = await unica.chain.algod.status().do()
    expect(status.lastRound).toBeGreaterThanOrEqual(1n)
  })
})

describe('startUnica with a data directory', () => {
  it('keeps chain, database and ports apart per instance, and its data across a restart', async () => {
    const dataDir = join(scratch, 'data')
    const first = await startUnica({ dataDir, webDist: dist })
    const other = await startUnica({ webDist: null })
    const devnet = first.devnet
    if (devnet === null) throw new Error('no devnet')
    expect(other.url).not.toBe(first.url)
    expect(other.devnet?.urls.algod).not.toBe(devnet.urls.algod)
    // Something on chain and something in the database, then a restart.
    const wallet = genesisAccount(devnet, 'Wallet2')
    const receiver = algosdk.generateAccount().addr.toString()
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: wallet.address,
      receiver,
      amount: 1_234_567n,
      suggestedParams: await first.chain.algod.getTransactionParams().do(),
    })
    const { txid } = await first.chain.algod.sendRawTransaction(signWith(wallet, pay)).do()
    await algosdk.waitForConfirmation(first.chain.algod, txid, 5)
    await first.database.db.insert(users).values({ address: receiver, isStaff: true })
    const ports = { algod: devnet.ports.algod, http: Number(new URL(first.url).port) }
    await first.stop()
    await first.stop() // twice is harmless
    expect(await portFree(ports.algod)).toBe(true)
    expect(await portFree(ports.http)).toBe(true)
    await other.stop()

    const second = await startUnica({ dataDir, webDist: dist })
    try {
      const account = await second.chain.algod.accountInformation(receiver).do()
      expect(account.amount).toBe(1_234_567n)
      const user = await fetch(`${second.url}/api/users/${receiver}/`)
      expect(await user.json()).toEqual({ address: receiver, is_staff: true })
    } finally {
      await second.stop()
    }
  })

  it('refuses to start without a built web app, and leaves nothing running', async () => {
    const algod = await freePort()
    await expect(
      startUnica({ webDist: join(scratch, 'nowhere'), devnetPorts: { algod } }),
    ).rejects.toBeInstanceOf(WebDistMissing)
    expect(await portFree(algod)).toBe(true)
  })
})
