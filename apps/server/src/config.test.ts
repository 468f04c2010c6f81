import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

const dataDir = mkdtempSync(join(tmpdir(), 'unica-config-'))
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

describe('loadConfig', () => {
  it('defaults to the devnet, PGlite and disk media, with a persistent generated secret', () => {
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config.chain).toMatchObject({
      network: 'devnet',
      algodUrl: 'http://127.0.0.1:4001',
      indexerUrl: 'http://127.0.0.1:8980',
      usdcId: undefined,
      explorerUrl: 'http://127.0.0.1:4001/explorer',
    })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.storage).toEqual({ kind: 'disk', dir: join(dataDir, 'media') })
    expect(config.cookieSecret).toMatch(/^[0-9a-f]{64}$/)
    expect(loadConfig({ DATA_DIR: dataDir }).cookieSecret).toBe(config.cookieSecret)
  })

  it("knows mainnet's USDC and explorer, and requires its node URLs", () => {
    expect(() => loadConfig({ NETWORK: 'mainnet', DATA_DIR: dataDir })).toThrow(ConfigError)
    const config = loadConfig({
      NETWORK: 'mainnet',
      ALGOD_URL: 'https://mainnet-api.algonode.cloud',
      INDEXER_URL: 'https://mainnet-idx.algonode.cloud',
      DATA_DIR: dataDir,
    })
    expect(config.chain.usdcId).toBe(31566704n)
    expect(config.chain.algodToken).toBe('')
    expect(config.chain.explorerUrl).toBe('https://lora.algokit.io/mainnet')
  })

  it('refuses bad values and incomplete S3 settings', () => {
    expect(() => loadConfig({ NETWORK: 'moon', DATA_DIR: dataDir })).toThrow(ConfigError)
    expect(() => loadConfig({ USDC_ID: '-5', DATA_DIR: dataDir })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: '99999', DATA_DIR: dataDir })).toThrow(ConfigError)
    expect(() => loadConfig({ RATE_LIMIT_MAX: '0', DATA_DIR: dataDir })).toThrow(ConfigError)
    expect(() => loadConfig({ S3_BUCKET: 'media', DATA_DIR: dataDir })).toThrow(/S3_ENDPOINT/)
    const s3 = loadConfig({
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.com/',
      DATA_DIR: dataDir,
    })
    expect(s3.storage).toMatchObject({ kind: 's3', publicUrl: 'https://cdn.example.com' })
  })

  it('reads the readiness bound and the metrics token', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir })
    expect(defaults.readyMaxLagRounds).toBe(20)
    expect(defaults.metricsToken).toBeUndefined()
    const set = loadConfig({ READY_MAX_LAG_ROUNDS: '0', METRICS_TOKEN: 'tok', DATA_DIR: dataDir })
    expect(set.readyMaxLagRounds).toBe(0)
    expect(set.metricsToken).toBe('tok')
    for (const bad of ['-1', '1.5', 'ten', '1e3']) {
      expect(() => loadConfig({ READY_MAX_LAG_ROUNDS: bad, DATA_DIR: dataDir })).toThrow(
        /READY_MAX_LAG_ROUNDS/,
      )
    }
  })
})
