/**
 * `npm run rescue`: its arguments, and the command itself spawned against a devnet over HTTP: it
 * lists a bid of an account whose key KMD holds, then cancels it and the USDC comes back. (Exit
 * code 2 on a usage error is main()'s mapping of UsageError, which the argument tests cover.)
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBid, type Market } from '@unica/contracts'
import { Harness } from '@unica/contracts/testing'
import { parseRescueArgs, signingAllowed, UsageError } from './args.js'

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url))
const ADDRESS = 'OUWG7JHCHBBZWJWNIF6IEBGSJQUKX5XNVIP5QNVFUHMVOWOI6DR5QKBYOI'

describe('rescue arguments', () => {
  it('takes the account, app ids, actions and URLs', () => {
    const args = parseRescueArgs([
      ...['--account', ADDRESS, '--app', '12', '--app', '34', '--claim'],
      ...['--algod', 'http://127.0.0.1:5000/', '--indexer', 'none'],
    ])
    expect(args).toMatchObject({
      account: ADDRESS,
      appIds: [12n, 34n],
      actions: { bid: false, listing: false, royalty: true, auction: false, held: false },
      algodUrl: 'http://127.0.0.1:5000',
      indexerUrl: null,
    })
  })

  it.each([
    [[]],
    [['--account', 'nope']],
    [['--account', ADDRESS, '--app', '-1']],
    [['--account', ADDRESS, '--app', '18446744073709551616']],
    [['--account', ADDRESS, '--algod', 'file:///etc/passwd']],
    [['--account', ADDRESS, 'extra']],
  ])('refuses %j as a usage error', (argv) => {
    expect(() => parseRescueArgs(argv)).toThrow(UsageError)
  })

  it('signs only on development networks', () => {
    expect(signingAllowed('devnet-v1')).toBe(true)
    expect(signingAllowed('dockernet-v1')).toBe(true)
    expect(signingAllowed('mainnet-v1.0')).toBe(false)
    expect(signingAllowed('testnet-v1.0')).toBe(false)
  })
})

function run(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args])
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      resolve({ code, out, err })
    })
  })
}

describe('npm run rescue against a devnet', () => {
  let h: Harness
  let market: Market
  let urls: string[]

  beforeAll(async () => {
    h = await Harness.start()
    const { ports } = h.devnet
    urls = [
      ...['--algod', `http://127.0.0.1:${ports.algod}`],
      ...['--indexer', `http://127.0.0.1:${ports.indexer}`],
      ...['--kmd', `http://127.0.0.1:${ports.kmd}`],
    ]
    market = await h.market(await h.account())
  }, 30_000)

  afterAll(async () => {
    await h.stop()
  })

  it('lists a KMD account bid, then cancels it with --cancel-bids', async () => {
    const bidder = h.kit.genesisAccount('Wallet3')
    await h.optIn(bidder, market)
    const params = await h.params()
    const bid = buildBid({
      bidder: bidder.address,
      market,
      currentBid: 0n,
      newBid: 2_500_000n,
      params,
    })
    await h.send(bid, bidder)

    const listed = await run(['--account', bidder.address, ...urls])
    expect(listed.err).toBe('')
    expect(listed.code).toBe(0)
    expect(listed.out).toContain(`app ${market.appId} (v1), NFT ${market.nftId}: bid 2.5 USDC`)
    expect(listed.out).toMatch(/indexer http:\S+ \(used\)/)

    const before = await h.holdings(bidder.address, market)
    const cancelled = await run(['--account', bidder.address, '--cancel-bids', ...urls])
    expect(cancelled.err).toBe('')
    expect(cancelled.code).toBe(0)
    expect(cancelled.out).toContain(`Done: app ${market.appId} bid`)
    expect((await h.holdings(bidder.address, market)).usdc - before.usdc).toBe(2_500_000n)
    expect((await h.bidBoxes(market)).has(bidder.address)).toBe(false)
  }, 30_000)
})
