/**
 * Keeps the live benchmark honest at a small size: its client processes connect to both the
 * bare server and GET /api/events, every client receives every event, and each figure is printed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('live benchmark', () => {
  it('times every event to every client of the bare server and of the hub', async () => {
    process.env.BENCH_LIVE_CLIENTS = '3'
    process.env.BENCH_LIVE_EVENTS = '4'
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => {
      lines.push(line)
    })
    await (await import('./live.js')).main()
    const figure = /^\s+3 clients {2}(bare|hub)\s.*p50 (\d+\.\d) ms .*p99 (\d+\.\d) ms/
    const figures = lines.flatMap((l) => {
      const m = figure.exec(l)
      return m === null ? [] : [{ kind: m[1], p50: Number(m[2]), p99: Number(m[3]) }]
    })
    expect(figures.map((f) => f.kind)).toEqual(['bare', 'hub'])
    for (const f of figures) expect(f.p99).toBeGreaterThanOrEqual(f.p50)
    expect(lines.at(-1)).toMatch(/^second browser {2}buy-now confirmed -> shown {2}/)
  }, 120_000)
})
