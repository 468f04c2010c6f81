/**
 * The price history's chart, drawn with uPlot (a small, maintained canvas chart library). Loaded
 * on demand by price-history.tsx. Amounts become numbers only here, for drawing: every figure
 * shown as text comes from the bigint base units (the table, the tooltips' legend aside).
 */
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { PricePoint } from '@unica/schemas'
import { formatUnits } from '../lib/format.js'

/** Each line and the activity it draws: a first ask and a change of price are both asks. */
const SERIES: readonly { types: readonly PricePoint['type'][]; label: string; stroke: string }[] = [
  { types: ['sale'], label: 'Sales', stroke: '#4f46e5' },
  { types: ['listing', 'price_change'], label: 'Asks', stroke: '#059669' },
  { types: ['bid'], label: 'Bids', stroke: '#d97706' },
]

/** uPlot's aligned data: one time axis (seconds) and a column per series, null where absent. */
export function chartData(points: readonly PricePoint[], decimals: number): uPlot.AlignedData {
  const shown = points.filter((p) => p.block_time !== null && p.type !== 'cancel')
  const xs = shown.map((p) => Date.parse(p.block_time ?? '') / 1000)
  const columns = SERIES.map((s) =>
    shown.map((p) =>
      s.types.includes(p.type) ? Number(formatUnits(BigInt(p.value), decimals)) : null,
    ),
  )
  return [xs, ...columns]
}

export function PriceChart({
  points,
  decimals,
}: {
  points: readonly PricePoint[]
  decimals: number
}) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = box.current
    if (el === null) return
    const width = () => Math.max(280, el.clientWidth)
    const chart = new uPlot(
      {
        width: width(),
        height: 260,
        series: [
          {},
          ...SERIES.map((s) => ({
            label: s.label,
            stroke: s.stroke,
            width: 2,
            spanGaps: true,
            points: { show: true, size: 7 },
            value: (_u: uPlot, v: number | null) => (v === null ? '—' : `${String(v)} USDC`),
          })),
        ],
        axes: [{}, { label: 'USDC', size: 60 }],
      },
      chartData(points, decimals),
      el,
    )
    const resize = () => {
      chart.setSize({ width: width(), height: 260 })
    }
    window.addEventListener('resize', resize)
    return () => {
      window.removeEventListener('resize', resize)
      chart.destroy()
    }
  }, [points, decimals])
  // The chart is a picture of the table beside it: screen readers get the table instead.
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" />
}
