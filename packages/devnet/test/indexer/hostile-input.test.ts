/**
 * Hostile query strings never get a 5xx: every endpoint, with random combinations of every
 * parameter the indexer knows and values that are empty, malformed, out of range or odd (a
 * seeded generator, so a failure reproduces).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type IndexerFixture, startIndexer } from './fixture.js'

describe('indexer under hostile input', () => {
  let f: IndexerFixture

  beforeAll(async () => {
    f = await startIndexer()
  })

  afterAll(async () => {
    await f.close()
  })

  it('answers random bad parameters with 2xx or 4xx, never 5xx', async () => {
    const addr = f.account('Wallet1').address
    const usdc = f.chain.genesis.usdcAssetId.toString()
    const paths = [
      '/v2/transactions',
      '/v2/transactions/AAAA',
      '/v2/accounts',
      `/v2/accounts/${addr}`,
      `/v2/accounts/${addr}/transactions`,
      `/v2/accounts/${addr}/assets`,
      `/v2/accounts/${addr}/created-assets`,
      `/v2/accounts/${addr}/created-applications`,
      `/v2/accounts/${addr}/apps-local-state`,
      '/v2/applications',
      '/v2/applications/ID',
      '/v2/applications/ID/logs',
      '/v2/applications/ID/boxes',
      '/v2/applications/ID/box',
      '/v2/assets',
      '/v2/assets/ID',
      '/v2/assets/ID/balances',
      '/v2/assets/ID/transactions',
      '/v2/blocks/ID',
      '/v2/block-headers',
    ]
    const params = [
      'limit',
      'next',
      'address',
      'address-role',
      'tx-type',
      'sig-type',
      'txid',
      'round',
      'min-round',
      'max-round',
      'asset-id',
      'application-id',
      'before-time',
      'after-time',
      'currency-greater-than',
      'currency-less-than',
      'note-prefix',
      'group-id',
      'exclude-close-to',
      'rekey-to',
      'include-all',
      'exclude',
      'creator',
      'name',
      'unit',
      'sender-address',
      'header-only',
      'include',
      'auth-addr',
      'online-only',
      'proposers',
      'expired',
      'absent',
    ]
    const values = [
      '',
      '0',
      '1',
      '-1',
      'abc',
      '1.5',
      '18446744073709551615',
      '18446744073709551616',
      '9223372036854775807',
      '9223372036854775808',
      'true',
      'FALSE',
      'AAAA',
      '====',
      '%00',
      '%FF%FE',
      'b64:AAAA',
      'b64:',
      'str:x',
      'int:5',
      'int:-5',
      `addr:${addr}`,
      addr,
      'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ',
      '2024-01-01T00:00:00Z',
      '2024-02-30',
      'all',
      'none,assets',
      'sender',
      'RECEIVER',
      'pay',
      'lsig',
      '__proto__',
      'AAAAAAAAAAAAAAAA',
      'b64:AAAAAAAAAAAAAAAAAAAA',
      usdc,
    ]
    let seed = 42
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed % n
    }
    const pick = <T>(list: readonly T[]): T => list[random(list.length)]
    const failures: string[] = []
    for (let i = 0; i < 600; i++) {
      const query = Array.from({ length: random(4) }, () => `${pick(params)}=${pick(values)}`)
      const path = `${pick(paths).replace('ID', pick(values) || '1')}?${query.join('&')}`
      const res = await fetch(`http://127.0.0.1:${f.port.toString()}${path}`, {
        headers: { 'X-Indexer-API-Token': 'a'.repeat(64) },
      })
      if (res.status >= 500)
        failures.push(`${path} -> ${res.status.toString()} ${await res.text()}`)
      else if (res.status >= 400) {
        const body = (await res.json()) as { message?: unknown }
        if (typeof body.message !== 'string') failures.push(`${path}: no message`)
      } else await res.arrayBuffer()
    }
    expect(failures).toEqual([])
  }, 60_000)
})
