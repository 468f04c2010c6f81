/**
 * The countdown follows the chain's clock, not the viewer's (Date.now()): with a fake time source
 * (the viewer's Date pinned, and a fake algod whose latest block is two hours ahead of it), an
 * auction ending 2 h 10 min after the viewer's time shows 10 minutes left. When algod cannot be
 * read, the viewer's clock is the fallback.
 */
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ServicesContext, createServices } from '../common/state/services.js'
import { CONFIG } from '../test/harness.js'
import type { AuctionView } from './auction.js'
import { readChainTime } from './chain-clock.js'
import { Countdown } from './countdown.js'

const NOW = Date.parse('2026-11-26T12:00:00Z')
const CHAIN_AHEAD_S = 7200

/** algod's two answers: the latest round, 1.5 s after its block, whose time is 2 h ahead. */
function fakeAlgod(requests: string[]): typeof fetch {
  return (input) => {
    const url = new URL(input instanceof Request ? input.url : input)
    requests.push(`${url.pathname}${url.search}`)
    if (url.pathname === '/v2/status') {
      return Promise.resolve(
        Response.json({ 'last-round': 42, 'time-since-last-round': 1_500_000_000 }),
      )
    }
    if (url.pathname === '/v2/blocks/42') {
      return Promise.resolve(Response.json({ block: { rnd: 42, ts: NOW / 1000 + CHAIN_AHEAD_S } }))
    }
    return Promise.resolve(new Response('not found', { status: 404 }))
  }
}

function renderCountdown(auction: AuctionView) {
  const services = createServices(CONFIG, {
    fetch: () => Promise.reject(new Error('no API in these tests')),
    chain: () => Promise.reject(new Error('no chain session in these tests')),
    openEvents: null,
  })
  render(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <Countdown auction={auction} />
      </QueryClientProvider>
    </ServicesContext.Provider>,
  )
}

const running = (endMs: number): AuctionView => ({
  reserve: '10000000',
  duration: 3600,
  raise_bp: 1000,
  raise_min: '0',
  end: new Date(endMs).toISOString(),
  highest_bid: '10000000',
  highest_bidder: null,
  min_next_bid: '11000000',
  status: 'running',
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the chain clock', () => {
  it("reads the latest block's time plus the time since it, against the viewer's clock", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    const requests: string[] = []
    const t = await readChainTime(
      { algodUrl: 'http://algod.test', algodToken: 'tok' },
      fakeAlgod(requests),
    )
    expect(t.wallMs).toBe(NOW)
    expect(t.chainMs).toBe(NOW + CHAIN_AHEAD_S * 1000 + 1500)
    expect(requests).toEqual(['/v2/status', '/v2/blocks/42?header-only=true&format=json'])
  })

  it("counts down by the chain's clock, not Date.now()", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    vi.stubGlobal('fetch', fakeAlgod([]))
    // By the viewer's clock 2 h 10 min are left; by the chain's, 10 min (less the 1.5 s, rounded).
    renderCountdown(running(NOW + (CHAIN_AHEAD_S + 600) * 1000))
    expect(await screen.findByText(/^Ends in 0?9:5\d$|^Ends in 10:00$/)).toBeTruthy()
    expect(screen.queryByText(/^Ends in 02:/)).toBeNull()
  })

  it("falls back to the viewer's clock when algod cannot be read", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))
    vi.stubGlobal('fetch', failing)
    renderCountdown(running(NOW + 600 * 1000))
    await vi.waitFor(() => {
      expect(failing).toHaveBeenCalled()
    })
    expect(screen.getByText('Ends in 10:00')).toBeTruthy()
  })
})
