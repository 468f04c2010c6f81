/** Timing helpers shared by the benchmarks. */

export interface Measurement {
  /** Best of the timed repetitions, in nanoseconds. */
  readonly bestNs: number
}

/** Runs `fn` once to warm up, then `reps` times, keeping the fastest (least disturbed) run. */
export function measure(fn: () => void, reps = 5): Measurement {
  fn()
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i < reps; i++) {
    const start = process.hrtime.bigint()
    fn()
    best = Math.min(best, Number(process.hrtime.bigint() - start))
  }
  return { bestNs: best }
}

export function perSecond(count: number, m: Measurement): number {
  return (count * 1e9) / m.bestNs
}

export function formatRate(rate: number): string {
  return rate >= 1e6 ? `${(rate / 1e6).toFixed(1)} M/s` : `${(rate / 1e3).toFixed(1)} k/s`
}
