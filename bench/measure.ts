/** Timing helpers shared by the benchmarks. */

export interface Measurement {
  /** Best of the timed repetitions, in nanoseconds. */
  readonly bestNs: number
}

/**
 * Times `a` and `b` alternately (after a warm-up of each) by the process's CPU time, keeping each
 * one's fastest run. On a shared machine wall-clock time counts the time the process waited for a
 * core; CPU time does not, and alternating makes the two meet the same load, so their ratio
 * holds where wall-clock ratios swing by a factor of two.
 */
export function measurePair(a: () => void, b: () => void, reps = 9): [Measurement, Measurement] {
  a()
  b()
  let bestA = Number.POSITIVE_INFINITY
  let bestB = Number.POSITIVE_INFINITY
  const cpuNs = (fn: () => void): number => {
    const start = process.cpuUsage()
    fn()
    const used = process.cpuUsage(start)
    return (used.user + used.system) * 1000
  }
  for (let i = 0; i < reps; i++) {
    bestA = Math.min(bestA, cpuNs(a))
    bestB = Math.min(bestB, cpuNs(b))
  }
  return [{ bestNs: bestA }, { bestNs: bestB }]
}

export function perSecond(count: number, m: Measurement): number {
  return (count * 1e9) / m.bestNs
}

export function formatRate(rate: number): string {
  return rate >= 1e6 ? `${(rate / 1e6).toFixed(1)} M/s` : `${(rate / 1e3).toFixed(1)} k/s`
}
