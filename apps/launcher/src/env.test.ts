import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EnvError, launchConfig } from './env.js'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'unica-env-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('launchConfig', () => {
  it('defaults to the devnet on free ports, port 8000, data in DATA_DIR, seeding', () => {
    const { options, seed } = launchConfig({ DATA_DIR: dir })
    expect(options).toMatchObject({
      dataDir: dir,
      host: '127.0.0.1',
      port: 8000,
      devnetPorts: { algod: 0, indexer: 0, kmd: 0 },
      storage: { kind: 'disk', dir: join(dir, 'media') },
      ipfsDir: join(dir, 'ipfs'),
    })
    expect(options.chain).toBeUndefined()
    expect(options.databaseUrl).toBeUndefined()
    expect(seed).toBe(true)
  })

  it('takes PORT, the devnet ports, SEED=false and DATABASE_URL', () => {
    const { options, seed } = launchConfig({
      DATA_DIR: dir,
      PORT: '8100',
      ALGOD_PORT: '4101',
      INDEXER_PORT: '9080',
      KMD_PORT: '4102',
      SEED: 'false',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    })
    expect(options).toMatchObject({
      port: 8100,
      devnetPorts: { algod: 4101, indexer: 9080, kmd: 4102 },
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
    })
    expect(seed).toBe(false)
  })

  it('keeps one cookie secret per data directory', () => {
    expect(launchConfig({ DATA_DIR: dir }).options.cookieSecret).toBe(
      launchConfig({ DATA_DIR: dir }).options.cookieSecret,
    )
  })

  it('refuses bad ports with the variable named', () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['PORT', '70000'],
      ['ALGOD_PORT', '-1'],
      ['KMD_PORT', '4002.5'],
    ] as const) {
      expect(() => launchConfig({ DATA_DIR: dir, [name]: value })).toThrow(
        new EnvError(`${name} must be a port number (0-65535), not '${value}'`),
      )
    }
  })

  it("uses Circle's USDC on TestNet and MainNet, with no devnet and no seed", () => {
    const base = {
      DATA_DIR: dir,
      ALGOD_URL: 'https://algod.example',
      INDEXER_URL: 'https://idx.example',
    }
    const testnet = launchConfig({ ...base, NETWORK: 'testnet' })
    expect(testnet.options.chain).toMatchObject({ network: 'testnet', usdcId: 10458941n })
    expect(testnet.seed).toBe(false)
    const mainnet = launchConfig({ ...base, NETWORK: 'mainnet' })
    expect(mainnet.options.chain).toMatchObject({
      network: 'mainnet',
      usdcId: 31566704n,
      algodUrl: 'https://algod.example',
      indexerUrl: 'https://idx.example',
    })
    expect(mainnet.options.devnetPorts).toBeUndefined()
  })

  it('needs the endpoints of a public network, and a known network name', () => {
    expect(() => launchConfig({ DATA_DIR: dir, NETWORK: 'mainnet' })).toThrow(EnvError)
    expect(() => launchConfig({ DATA_DIR: dir, NETWORK: 'moonnet' })).toThrow(/NETWORK/)
  })
})
