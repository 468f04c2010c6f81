/**
 * The auction's screens rendered on their own: the countdown's states and its ticking (fake
 * timers), the Start auction fields' inline validation from the keyboard, and the auction panel's
 * actions by role and phase.
 */
import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChainSession } from '../common/chain/session.js'
import { ServicesContext, createServices } from '../common/state/services.js'
import { HeldRefund } from './held-refund.js'
import { BOB, CONFIG, operation } from '../test/harness.js'
import type { AuctionView } from './auction.js'
import { AuctionPanel, type AuctionAction } from './auction-panel.js'
import { Countdown } from './countdown.js'
import { StartAuctionFields, useStartAuctionForm } from './start-auction-fields.js'
import { AUCTION_MESSAGES, V3_AUCTION_LIMITS } from './validation.js'

const NOW = Date.parse('2026-11-26T12:00:00Z')

function auctionView(over: Partial<AuctionView> = {}): AuctionView {
  return {
    reserve: '10000000',
    duration: 86_400,
    raise_bp: 1000,
    raise_min: '0',
    end: null,
    highest_bid: null,
    highest_bidder: null,
    min_next_bid: '10000000',
    status: 'running',
    ...over,
  }
}

function withServices(node: ReactNode, chain?: Partial<ChainSession>) {
  const services = createServices(CONFIG, {
    fetch: () => Promise.reject(new Error('no API in these tests')),
    // Only the reads a test names; the rest of the chain session is absent.
    chain: () =>
      chain === undefined
        ? Promise.reject(new Error('no chain in these tests'))
        : Promise.resolve(chain as ChainSession),
    openEvents: null,
  })
  const view = render(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </ServicesContext.Provider>,
  )
  return { ...view, services }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('Countdown', () => {
  it('says the clock starts at the first bid before any bid', () => {
    withServices(<Countdown auction={auctionView()} />)
    const timer = screen.getByRole('timer')
    expect(timer.textContent).toContain('No bids yet - clock starts at first bid')
    expect(timer.textContent).toContain('Reserve not met')
  })

  it('ticks every second on screen while screen readers get minutes, not announced', () => {
    vi.useFakeTimers({ now: NOW })
    const end = new Date(NOW + (3600 + 125) * 1000).toISOString()
    withServices(<Countdown auction={auctionView({ end, highest_bid: '10000000' })} />)
    const timer = screen.getByRole('timer')
    expect(timer.getAttribute('aria-live')).toBe('off')
    const visible = timer.querySelector('[aria-hidden="true"]')!
    expect(visible.textContent).toBe('Ends in 01:02:05')
    expect(within(timer).getByText('Auction ends in 1 hour 2 minutes')).toBeTruthy()
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(visible.textContent).toBe('Ends in 01:02:04')
    expect(within(timer).getByText('Auction ends in 1 hour 2 minutes')).toBeTruthy()
    act(() => {
      vi.advanceTimersByTime(3725 * 1000)
    })
    expect(visible.textContent).toBe('Ended - awaiting settlement')
  })
})

function StartForm() {
  const form = useStartAuctionForm(6, V3_AUCTION_LIMITS)
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        form.touchAll()
      }}
    >
      <StartAuctionFields form={form} />
      <button type="submit">Confirm</button>
      <output data-testid="terms">
        {form.terms === null
          ? 'invalid'
          : `${form.terms.reserve} ${form.terms.duration} ${form.terms.raiseBp} ${form.terms.raiseMin}`}
      </output>
    </form>
  )
}

describe('Start auction fields', () => {
  it('shows each problem inline on its field, and the terms once all are valid', async () => {
    const user = userEvent.setup()
    withServices(<StartForm />)
    const terms = screen.getByTestId('terms')
    expect(terms.textContent).toBe('invalid')
    // Nothing is said before a field is touched.
    expect(screen.queryByRole('alert')).toBeNull()

    const reserve = screen.getByLabelText('Reserve (USDC)')
    await user.type(reserve, '0')
    expect(screen.getByRole('alert').textContent).toBe(AUCTION_MESSAGES.reserve)
    expect(reserve.getAttribute('aria-invalid')).toBe('true')
    await user.clear(reserve)
    await user.type(reserve, '12.5')
    expect(screen.queryByRole('alert')).toBeNull()
    // 24 hours and 10% by default.
    expect(terms.textContent).toBe('12500000 86400 1000 0')

    await user.selectOptions(screen.getByLabelText('Duration'), 'Custom (hours)')
    const hours = screen.getByLabelText('Hours (1 to 168)')
    await user.type(hours, '169')
    expect(screen.getByRole('alert').textContent).toBe(AUCTION_MESSAGES.duration(V3_AUCTION_LIMITS))
    await user.clear(hours)
    await user.type(hours, '2')
    expect(terms.textContent).toBe('12500000 7200 1000 0')

    const raise = screen.getByLabelText('Minimum raise in percent')
    await user.clear(raise)
    await user.type(raise, '4.5')
    expect(screen.getByRole('alert').textContent).toBe(AUCTION_MESSAGES.percent(V3_AUCTION_LIMITS))
    await user.click(screen.getByLabelText('USDC'))
    const amount = screen.getByLabelText('Minimum raise in USDC')
    await user.clear(amount)
    await user.type(amount, '0.5')
    expect(screen.getByRole('alert').textContent).toBe(AUCTION_MESSAGES.amount)
    await user.clear(amount)
    await user.type(amount, '5.5')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(terms.textContent).toBe('12500000 7200 0 5500000')
  })

  it('says every problem at once when confirmed untouched', async () => {
    const user = userEvent.setup()
    withServices(<StartForm />)
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    // The defaults (24 hours, 10%) are valid: only the missing reserve is a problem.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      AUCTION_MESSAGES.reserve,
    ])
  })

  it('is usable from the keyboard alone', async () => {
    const user = userEvent.setup()
    withServices(<StartForm />)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Reserve (USDC)'))
    await user.keyboard('3')
    await user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Duration'))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Percent'))
    expect(screen.getByTestId('terms').textContent).toBe('3000000 86400 1000 0')
  })
})

describe('the auction panel', () => {
  const actions = (isSeller: boolean, over: Partial<AuctionView>) => {
    const clicked: AuctionAction[] = []
    const { unmount } = withServices(
      <AuctionPanel
        auction={auctionView(over)}
        operations={[]}
        isSeller={isSeller}
        onAction={(a) => clicked.push(a)}
      />,
    )
    const names = screen.queryAllByRole('button').map((b) => b.textContent)
    unmount()
    return names
  }
  const end = (ms: number) => new Date(Date.now() + ms).toISOString()

  it('lets the seller cancel before the first bid, and never after', () => {
    expect(actions(true, {})).toEqual(['Cancel auction'])
    expect(
      actions(true, { end: end(60_000), highest_bid: '10000000', highest_bidder: BOB }),
    ).toEqual([])
  })

  it('offers others a bid while it runs, and anyone Settle once it ended', () => {
    expect(actions(false, {})).toEqual(['Bid in auction'])
    const ended = { end: end(-1000), highest_bid: '10000000', highest_bidder: BOB }
    expect(actions(false, ended)).toEqual(['Settle'])
    expect(actions(true, ended)).toEqual(['Settle'])
  })

  it('shows the minimum next bid, the raise and the bids, newest first', () => {
    withServices(
      <AuctionPanel
        auction={auctionView({
          end: end(3_600_000),
          highest_bid: '12000000',
          highest_bidder: BOB,
          min_next_bid: '13200000',
          raise_min: '1000000',
        })}
        operations={[
          operation({ operation_id: '2', op_type: 'AUCTION_BID', value: '12000000' }),
          operation({ operation_id: '1', op_type: 'AUCTION_BID', value: '10000000' }),
        ]}
        isSeller={false}
        onAction={() => undefined}
      />,
    )
    expect(screen.getByText('13.2 USDC')).toBeTruthy()
    expect(screen.getByText('10% or 1 USDC, whichever is more')).toBeTruthy()
    const bids = screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(bids[0]).toContain('12 USDC')
    expect(bids[1]).toContain('10 USDC')
    expect(bids[1]).toContain('Clock started')
  })
})

describe('Withdraw held USDC', () => {
  const held = (value: bigint | null) =>
    withServices(
      <HeldRefund appId="3001" address={BOB} revision="" onWithdraw={() => undefined} />,
      { readHeld: () => Promise.resolve(value) },
    )

  it('offers Withdraw with the amount the box holds', async () => {
    held(10_000_000n)
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeTruthy()
    expect(screen.getByText(/10 USDC/)).toBeTruthy()
  })

  it('offers nothing without a box', async () => {
    const { services } = held(null)
    // The read settles, and still nothing is offered.
    await waitFor(() => {
      expect(services.queryClient.getQueryState(['held', '3001', BOB, ''])?.status).toBe('success')
    })
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull()
  })
})
