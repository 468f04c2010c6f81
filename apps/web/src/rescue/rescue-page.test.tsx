// @vitest-environment node
/**
 * The rescue page against a real devnet over HTTP (no API at all: the page has no backend to
 * call): a bidder connects (a wallet of test keys, signing for real), sees its bid with the app
 * and the amount, cancels it, and the chain gives the USDC back; missing input gets a clear alert.
 */
import { JSDOM } from 'jsdom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBid, type Market } from '@unica/contracts'
import { Harness, type Account } from '@unica/contracts/testing'
import type { AppConfig } from '../common/lib/config.js'
import type { RescueWallet } from './chain.js'
import { RescuePage } from './rescue-page.js'

// A document for React, while the in-process devnet keeps Node's own typed arrays (vitest's
// jsdom environment swaps the global Uint8Array, which the devnet's body parsing then rejects).
const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/' })
const globals = ['window', 'document', 'navigator', ...Object.getOwnPropertyNames(dom.window)]
for (const key of globals) {
  if (!(key in globalThis)) {
    Object.defineProperty(globalThis, key, {
      configurable: true,
      get: () => (dom.window as unknown as Record<string, unknown>)[key],
    })
  }
}
const { render, waitFor, within } = await import('@testing-library/react')
// The shared setup imported Testing Library before this document existed: query the body.
const screen = within(document.body)
const { userEvent } = await import('@testing-library/user-event')

let h: Harness
let market: Market
let bidder: Account
let config: AppConfig

beforeAll(async () => {
  h = await Harness.start()
  market = await h.market(await h.account())
  bidder = await h.account()
  await h.optIn(bidder, market)
  const params = await h.params()
  await h.send(
    buildBid({ bidder: bidder.address, market, currentBid: 0n, newBid: 1_250_000n, params }),
    bidder,
  )
  const { ports, token } = h.devnet
  config = {
    network: 'devnet',
    genesisId: 'devnet-v1',
    algodUrl: `http://127.0.0.1:${ports.algod}`,
    algodToken: token,
    indexerUrl: `http://127.0.0.1:${ports.indexer}`,
    kmdUrl: null,
    usdcId: h.usdcId,
    usdcDecimals: 6,
    explorerUrl: '',
  }
}, 30_000)

afterAll(async () => {
  await h.stop()
})

const keys = (account: Account): RescueWallet => ({
  name: 'test keys',
  accounts: [account.address],
  sign: (group) => Promise.resolve(h.sign(group, account)),
})

describe('the rescue page', () => {
  it('finds the connected bidder’s bid and cancels it on chain', async () => {
    const user = userEvent.setup()
    render(<RescuePage config={config} connect={() => Promise.resolve(keys(bidder))} />)
    expect(screen.getByText(/Connect a wallet or enter an address/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Connect Lute' }))
    const item = (await screen.findByText('Your bid 1.25 USDC', {}, { timeout: 10_000 })).closest(
      'li',
    ) as HTMLElement
    expect(within(item).getByText(new RegExp(`App ${market.appId} \\(contract v1\\)`))).toBeTruthy()
    expect(screen.getByText(/indexer \(used\)/)).toBeTruthy()

    const before = await h.holdings(bidder.address, market)
    await user.click(within(item).getByRole('button', { name: 'Cancel bid' }))
    expect(await screen.findByText(/Cancel bid: done on app/, {}, { timeout: 10_000 })).toBeTruthy()
    await waitFor(
      () => {
        expect(screen.getByText(/Nothing to rescue/)).toBeTruthy()
      },
      {
        timeout: 10_000,
      },
    )
    expect((await h.holdings(bidder.address, market)).usdc - before.usdc).toBe(1_250_000n)
  }, 30_000)

  // Typing is not exercised here: react-dom loaded (in the shared setup) before this document
  // existed, so it listens for text input the old way. The added-app search is covered by
  // packages/contracts/test/rescue.test.ts.
  it('says what is missing: an address to search, a wallet that would not connect', async () => {
    const user = userEvent.setup()
    render(<RescuePage config={config} connect={() => Promise.reject(new Error('no wallet'))} />)
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(screen.getByRole('alert').textContent).toMatch(/Enter an Algorand address/)
    await user.click(screen.getByRole('button', { name: 'Connect Lute' }))
    expect((await screen.findByText(/Could not connect: no wallet/)).getAttribute('role')).toBe(
      'alert',
    )
  })
})
