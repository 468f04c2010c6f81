/**
 * What the price chart draws (price-chart.tsx): its series and uPlot's aligned columns, kept apart
 * from the chart so they are tested without a canvas.
 */
import type uPlot from 'uplot'
import type { PricePoint } from '@unica/schemas'
import { formatUnits } from '../common/lib/format.js'

interface Series {
  readonly label: string
  readonly stroke: string
  /** Whether the series draws this point. */
  readonly has: (p: PricePoint) => boolean
  /** Points only, no line: a reserve is a floor for bids, not a price anyone asked. */
  readonly pointsOnly?: boolean
  readonly width: number
  readonly pointSize: number
}

const isAuctionStart = (p: PricePoint) => p.op_type === 'AUCTION_START'

/**
 * Drawn in this order, so sales come last and sit on top of the other lines. A first ask and a
 * change of price are both asks; an auction's bids are bids; its settlement is a sale.
 */
const SERIES: readonly Series[] = [
  {
    label: 'Asks',
    stroke: '#059669',
    has: (p) => (p.type === 'listing' || p.type === 'price_change') && !isAuctionStart(p),
    width: 2,
    pointSize: 6,
  },
  { label: 'Bids', stroke: '#d97706', has: (p) => p.type === 'bid', width: 2, pointSize: 6 },
  {
    label: 'Auction reserve',
    stroke: '#c026d3',
    has: isAuctionStart,
    pointsOnly: true,
    width: 2,
    pointSize: 10,
  },
  { label: 'Sales', stroke: '#4f46e5', has: (p) => p.type === 'sale', width: 3, pointSize: 9 },
]

/** Below this span every event gets its own place on the axis instead of its time. */
const INDEX_AXIS_SECONDS = 60

export interface ChartData {
  /** The series that have at least one point, in drawing order. */
  readonly series: readonly Series[]
  readonly data: uPlot.AlignedData
  /** x is the event's number (1, 2, …) rather than its time: all happened within a minute. */
  readonly byIndex: boolean
}

/** uPlot's aligned data: one x column (seconds, or the event's number) and a column per series. */
export function chartData(points: readonly PricePoint[], decimals: number): ChartData {
  const shown = points.filter((p) => p.block_time !== null && p.type !== 'cancel')
  const times = shown.map((p) => Date.parse(p.block_time ?? '') / 1000)
  const span = times.length === 0 ? 0 : Math.max(...times) - Math.min(...times)
  const byIndex = span < INDEX_AXIS_SECONDS
  const xs = byIndex ? shown.map((_, i) => i + 1) : times
  const series = SERIES.filter((s) => shown.some(s.has))
  const columns = series.map((s) =>
    shown.map((p) => (s.has(p) ? Number(formatUnits(BigInt(p.value), decimals)) : null)),
  )
  return { series, data: [xs, ...columns], byIndex }
}
