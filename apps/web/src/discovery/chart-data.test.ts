import type { PricePoint } from '@unica/schemas'
import { describe, expect, it } from 'vitest'
import { ALICE } from '../test/harness.js'
import { chartData } from './chart-data.js'

function point(type: PricePoint['type'], op_type: string, usdc: number, at: string): PricePoint {
  return {
    type,
    op_type,
    value: String(usdc * 1_000_000),
    sender: ALICE,
    tx_id: null,
    round: '1',
    block_time: at,
  }
}

describe('the price chart’s data', () => {
  it('draws an auction reserve as its own series, not an ask, and sales last (on top)', () => {
    const chart = chartData(
      [
        point('listing', 'ASK', 30, '2026-11-20T10:00:00Z'),
        point('listing', 'AUCTION_START', 20, '2026-11-20T11:00:00Z'),
        point('bid', 'AUCTION_BID', 22, '2026-11-20T12:00:00Z'),
        point('cancel', 'AUCTION_CANCEL', 0, '2026-11-20T12:30:00Z'),
        point('sale', 'AUCTION_SETTLE', 22, '2026-11-20T13:00:00Z'),
      ],
      6,
    )
    expect(chart.series.map((s) => s.label)).toEqual(['Asks', 'Bids', 'Auction reserve', 'Sales'])
    expect(chart.byIndex).toBe(false)
    const [xs, asks, bids, reserve, sales] = chart.data
    expect(xs).toHaveLength(4)
    expect(asks).toEqual([30, null, null, null])
    expect(bids).toEqual([null, null, 22, null])
    expect(reserve).toEqual([null, 20, null, null])
    expect(sales).toEqual([null, null, null, 22])
  })

  it('leaves out series without a point', () => {
    const chart = chartData([point('sale', 'BUY_NOW', 5, '2026-11-20T10:00:00Z')], 6)
    expect(chart.series.map((s) => s.label)).toEqual(['Sales'])
  })

  it('numbers the events instead of timing them when all fall within a minute', () => {
    const chart = chartData(
      [
        point('listing', 'ASK', 30, '2026-11-20T10:00:29.000Z'),
        point('bid', 'BID', 10, '2026-11-20T10:00:29.050Z'),
        point('sale', 'SELL_NOW', 10, '2026-11-20T10:00:40.000Z'),
      ],
      6,
    )
    expect(chart.byIndex).toBe(true)
    expect(chart.data[0]).toEqual([1, 2, 3])
  })
})
