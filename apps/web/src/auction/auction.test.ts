import { describe, expect, it } from 'vitest'
import { ALICE, BOB, operation } from '../test/harness.js'
import {
  auctionPhase,
  clockText,
  durationText,
  phaseLabel,
  phaseText,
  remainingWords,
  type AuctionView,
} from './auction.js'
import { auctionBids } from './bids.js'
import {
  AUCTION_MESSAGES,
  checkAuctionBid,
  checkStartAuction,
  V3_AUCTION_LIMITS,
} from './validation.js'

const NOW = Date.parse('2026-11-26T12:00:00Z')

export function auctionView(over: Partial<AuctionView> = {}): AuctionView {
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

describe('the auction phase and its clock', () => {
  it('has no clock before the first bid', () => {
    const p = auctionPhase(auctionView(), NOW)
    expect(p.kind).toBe('no-bids')
    expect(phaseText(p)).toBe('Reserve not met · No bids yet - clock starts at first bid')
  })

  it('counts down to the end, to the second on screen and to the minute for screen readers', () => {
    const end = new Date(NOW + (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000).toISOString()
    const p = auctionPhase(auctionView({ end, highest_bid: '10000000', highest_bidder: BOB }), NOW)
    expect(p).toMatchObject({ kind: 'running', remaining: 2 * 86_400 + 3 * 3600 + 245 })
    expect(phaseText(p)).toBe('Ends in 2d 03:04:05')
    expect(phaseLabel(p)).toBe('Auction ends in 2 days 3 hours')
    const later = auctionPhase(auctionView({ end }), NOW + 1000)
    expect(phaseText(later)).toBe('Ends in 2d 03:04:04')
    // The spoken text does not change with each second.
    expect(phaseLabel(later)).toBe(phaseLabel(p))
  })

  it('ends at the end by the viewer clock, or when the server says so', () => {
    const end = new Date(NOW).toISOString()
    expect(auctionPhase(auctionView({ end }), NOW).kind).toBe('ended')
    expect(auctionPhase(auctionView({ end }), NOW - 1000).kind).toBe('running')
    const future = new Date(NOW + 60_000).toISOString()
    const ended = auctionPhase(auctionView({ end: future, status: 'ended' }), NOW)
    expect(phaseText(ended)).toBe('Ended - awaiting settlement')
  })

  it('formats clocks and words at the unit boundaries', () => {
    expect(clockText(0)).toBe('00:00')
    expect(clockText(59)).toBe('00:59')
    expect(clockText(3599)).toBe('59:59')
    expect(clockText(3600)).toBe('01:00:00')
    expect(clockText(86_400)).toBe('1d 00:00:00')
    expect(remainingWords(59)).toBe('less than a minute')
    expect(remainingWords(60)).toBe('1 minute')
    expect(remainingWords(3600)).toBe('1 hour')
    expect(remainingWords(3660 + 60)).toBe('1 hour 2 minutes')
    expect(remainingWords(86_400)).toBe('1 day')
    expect(durationText(3600)).toBe('1 hour')
    expect(durationText(7 * 86_400)).toBe('7 days')
  })
})

const VALID = {
  reserve: '10',
  duration: '86400',
  customHours: '',
  raiseKind: 'percent' as const,
  raise: '5',
}

describe('Start auction rules', () => {
  it('turns valid fields into base units, seconds and basis points', () => {
    expect(checkStartAuction(VALID, 6, V3_AUCTION_LIMITS)).toEqual({
      terms: { reserve: 10_000_000n, duration: 86_400n, raiseBp: 500n, raiseMin: 0n },
      errors: {},
    })
    const amount = checkStartAuction(
      { ...VALID, raiseKind: 'amount', raise: '1.5' },
      6,
      V3_AUCTION_LIMITS,
    )
    expect(amount.terms).toMatchObject({ raiseBp: 0n, raiseMin: 1_500_000n })
    const custom = checkStartAuction(
      { ...VALID, duration: 'custom', customHours: '168' },
      6,
      V3_AUCTION_LIMITS,
    )
    expect(custom.terms?.duration).toBe(604_800n)
  })

  it('refuses a missing or zero reserve, and one past a uint64', () => {
    for (const reserve of ['', '0', '0.000000']) {
      expect(checkStartAuction({ ...VALID, reserve }, 6, V3_AUCTION_LIMITS).errors.reserve).toBe(
        AUCTION_MESSAGES.reserve,
      )
    }
    expect(
      checkStartAuction({ ...VALID, reserve: '18446744073710' }, 6, V3_AUCTION_LIMITS).errors
        .reserve,
    ).toBe(AUCTION_MESSAGES.tooLarge)
  })

  it('keeps the duration within 1 hour and 7 days', () => {
    for (const customHours of ['0', '169', '', 'x']) {
      const r = checkStartAuction(
        { ...VALID, duration: 'custom', customHours },
        6,
        V3_AUCTION_LIMITS,
      )
      expect(r.errors.duration, customHours).toBe(AUCTION_MESSAGES.duration(V3_AUCTION_LIMITS))
      expect(r.terms).toBeNull()
    }
    expect(
      checkStartAuction({ ...VALID, duration: '60' }, 6, V3_AUCTION_LIMITS).errors.duration,
    ).toBe(AUCTION_MESSAGES.duration(V3_AUCTION_LIMITS))
    expect(
      checkStartAuction({ ...VALID, duration: 'custom', customHours: '1' }, 6, V3_AUCTION_LIMITS)
        .terms,
    ).not.toBe(null)
  })

  it('wants a raise of at least 5% (at most 100%) or at least 1 USDC', () => {
    for (const raise of ['4.99', '0', '', '100.01']) {
      expect(checkStartAuction({ ...VALID, raise }, 6, V3_AUCTION_LIMITS).errors.raise, raise).toBe(
        AUCTION_MESSAGES.percent(V3_AUCTION_LIMITS),
      )
    }
    expect(checkStartAuction({ ...VALID, raise: '100' }, 6, V3_AUCTION_LIMITS).terms?.raiseBp).toBe(
      10_000n,
    )
    expect(
      checkStartAuction({ ...VALID, raise: '12.25' }, 6, V3_AUCTION_LIMITS).terms?.raiseBp,
    ).toBe(1225n)
    for (const raise of ['0.999999', '0', '']) {
      const r = checkStartAuction({ ...VALID, raiseKind: 'amount', raise }, 6, V3_AUCTION_LIMITS)
      expect(r.errors.raise, raise).toBe(AUCTION_MESSAGES.amount)
    }
  })
})

describe('Bid in auction rule', () => {
  const fmt = (v: bigint) => (Number(v) / 1e6).toString()
  it('refuses less than the minimum next bid, inline, naming it', () => {
    expect(checkAuctionBid(10_999_999n, 11_000_000n, fmt)).toBe('Your bid must be at least 11 USDC')
    expect(checkAuctionBid(null, 11_000_000n, fmt)).toBe('Your bid must be at least 11 USDC')
    expect(checkAuctionBid(11_000_000n, 11_000_000n, fmt)).toBeNull()
    expect(checkAuctionBid(2n ** 64n, 11_000_000n, fmt)).toBe(AUCTION_MESSAGES.tooLarge)
  })
})

describe('the auction bid history', () => {
  it('lists the running auction bids newest first, with the clock start and extensions', () => {
    const at = (m: number) => new Date(NOW + m * 60_000).toISOString()
    const ops = [
      operation({ operation_id: '1', op_type: 'AUCTION_START', value: '5' }),
      operation({ operation_id: '2', op_type: 'AUCTION_BID', value: '5', sender: BOB }),
      operation({ operation_id: '3', op_type: 'AUCTION_SETTLE', value: '5', sender: ALICE }),
      operation({ operation_id: '4', op_type: 'AUCTION_START', value: '10', sender: BOB }),
      {
        ...operation({ operation_id: '5', op_type: 'AUCTION_BID', value: '10' }),
        auction_end: at(60),
      },
      operation({ operation_id: '6', op_type: 'BID', value: '3' }),
      {
        ...operation({ operation_id: '7', op_type: 'AUCTION_BID', value: '11' }),
        auction_end: at(60),
      },
      {
        ...operation({ operation_id: '8', op_type: 'AUCTION_BID', value: '12' }),
        auction_end: at(75),
      },
    ].reverse()
    const rows = auctionBids(ops)
    expect(rows.map((r) => [r.key, r.amount, r.endNote])).toEqual([
      ['8', 12n, 'extended'],
      ['7', 11n, null],
      ['5', 10n, 'started'],
    ])
    expect(rows[0].end).toBe(at(75))
  })

  it('is empty before the first bid', () => {
    expect(auctionBids([operation({ op_type: 'AUCTION_START' })])).toEqual([])
  })
})
