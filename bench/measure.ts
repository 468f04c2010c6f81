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

/**
 * Times `a` and `b` alternately (after a warm-up of each), keeping each one's fastest run. On a
 * shared machine the two then meet the same load, so their ratio is fairer than that of two
 * measurements made one after the other.
 */
export function measurePair(a: () => void, b: () => void, reps = 7): [Measurement, Measurement] {
  a()
  b()
  let bestA = Number.POSITIVE_INFINITY
  let bestB = Number.POSITIVE_INFINITY
  const time = (fn: () => void): number => {
    const start = process.hrtime.bigint()
    fn()
    return Number(process.hrtime.bigint() - start)
  }
  for (let i = 0; i < reps; i++) {
    bestA = Math.min(bestA, time(a))
    bestB = Math.min(bestB, time(b))
  }
  return [{ bestNs: bestA }, { bestNs: bestB }]
}

export function perSecond(count: number, m: Measurement): number {
  return (count * 1e9) / m.bestNs
}

export function formatRate(rate: number): string {
  return rate >= 1e6 ? `${(rate / 1e6).toFixed(1)} M/s` : `${(rate / 1e3).toFixed(1)} k/s`
}
