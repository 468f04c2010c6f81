/**
 * The price history's chart, drawn with uPlot (a small, maintained canvas chart library). Loaded
 * on demand by price-history.tsx. Amounts become numbers only here, for drawing: every figure
 * shown as text comes from the bigint base units (the table).
 */
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { PricePoint } from '@unica/schemas'
import { chartData, type ChartData } from './chart-data.js'

/** Time ticks from one second up: never fractions of a second. */
const TIME_INCREMENTS = [
  1, 5, 10, 15, 30, 60, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800,
  604_800, 2_592_000, 31_536_000,
]

/** A little room either side, so the first and last points are drawn whole. */
function paddedRange(_u: uPlot, min: number, max: number): uPlot.Range.MinMax {
  const pad = max > min ? (max - min) * 0.04 : 1
  return [min - pad, max + pad]
}

function options(chart: ChartData, width: number): uPlot.Options {
  return {
    width,
    height: 260,
    // Labels and colours only: values on hover would read "--" with nothing hovered, and the
    // table beside the chart gives every figure.
    legend: { live: false },
    scales: { x: { time: !chart.byIndex, range: paddedRange } },
    series: [
      {},
      ...chart.series.map((s) => ({
        label: s.label,
        stroke: s.stroke,
        width: s.width,
        spanGaps: true,
        ...(s.pointsOnly === true ? { paths: () => null } : {}),
        points: { show: true, size: s.pointSize, fill: s.stroke, stroke: s.stroke },
      })),
    ],
    axes: chart.byIndex
      ? [
          {
            label: 'Events, oldest first (all within a minute)',
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500],
            // Only whole numbers of events that exist (the padding adds room either side).
            values: (u, splits) =>
              splits.map((v) =>
                Number.isInteger(v) && v >= 1 && v <= u.data[0].length ? `#${String(v)}` : '',
              ),
          },
          { label: 'USDC', size: 60 },
        ]
      : [
          { incrs: TIME_INCREMENTS, space: 90 },
          { label: 'USDC', size: 60 },
        ],
  }
}

export function PriceChart({
  points,
  decimals,
}: {
  points: readonly PricePoint[]
  decimals: number
}) {
  const box = useRef<HTMLDivElement>(null)
  const empty = chartData(points, decimals).series.length === 0
  useEffect(() => {
    const el = box.current
    if (el === null) return undefined
    const width = () => Math.max(280, el.clientWidth)
    const chart = chartData(points, decimals)
    const plot = new uPlot(options(chart, width()), chart.data, el)
    const resize = () => {
      plot.setSize({ width: width(), height: 260 })
    }
    window.addEventListener('resize', resize)
    return () => {
      window.removeEventListener('resize', resize)
      plot.destroy()
    }
  }, [points, decimals])
  if (empty)
    return <p className="text-sm text-slate-600">Only cancellations so far: see the table.</p>
  // The chart is a picture of the table beside it: screen readers get the table instead.
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" />
}
