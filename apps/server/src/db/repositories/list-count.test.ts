import { describe, expect, it } from 'vitest'
import { CountCache, queryKey } from './list-count.js'

/** A count query whose answer and completion the test controls. */
function controlled(value: number) {
  let calls = 0
  let finish: () => void = () => undefined
  const run = (): Promise<number> => {
    calls++
    return new Promise<number>((resolve) => {
      finish = () => {
        resolve(value)
      }
    })
  }
  return {
    run,
    calls: () => calls,
    finish: () => {
      finish()
    },
  }
}

describe('CountCache', () => {
  it('shares one query between concurrent requests for the same count', async () => {
    const clock = { t: 0 }
    const cache = new CountCache({ now: () => clock.t })
    const q = controlled(42)
    const answers = Promise.all([cache.count('k', q.run), cache.count('k', q.run)])
    q.finish()
    expect(await answers).toEqual([42, 42])
    expect(q.calls()).toBe(1)
  })

  it('keeps a small count exact: the next request counts again', async () => {
    const clock = { t: 0 }
    const cache = new CountCache({ largeCount: 10_000, now: () => clock.t })
    const q = controlled(9_999)
    const first = cache.count('k', q.run)
    q.finish()
    await first
    const second = cache.count('k', q.run)
    q.finish()
    await second
    expect(q.calls()).toBe(2)
  })

  it('reuses a large count until reuseMs has passed, then counts again', async () => {
    const clock = { t: 0 }
    const cache = new CountCache({ largeCount: 10_000, reuseMs: 5_000, now: () => clock.t })
    const q = controlled(900_000)
    const first = cache.count('k', q.run)
    q.finish()
    expect(await first).toBe(900_000)
    clock.t += 4_000
    expect(await cache.count('k', q.run)).toBe(900_000)
    expect(q.calls()).toBe(1)
    clock.t += 1_000
    const later = cache.count('k', q.run)
    q.finish()
    await later
    expect(q.calls()).toBe(2)
  })

  it('answers a large count past reuseMs while one query refreshes it, and waits past twice that', async () => {
    const clock = { t: 0 }
    const cache = new CountCache({ largeCount: 10_000, reuseMs: 5_000, now: () => clock.t })
    const q = controlled(900_000)
    const first = cache.count('k', q.run)
    q.finish()
    await first
    clock.t += 6_000
    const refreshing = controlled(900_001)
    // Both answer the kept count at once; only one query refreshes it.
    expect(await cache.count('k', refreshing.run)).toBe(900_000)
    expect(await cache.count('k', refreshing.run)).toBe(900_000)
    expect(refreshing.calls()).toBe(1)
    refreshing.finish()
    await Promise.resolve()
    await Promise.resolve()
    expect(await cache.count('k', refreshing.run)).toBe(900_001)
    // Unasked for more than twice reuseMs: the request waits for a fresh count.
    clock.t += 11_000
    const fresh = controlled(5)
    const waited = cache.count('k', fresh.run)
    let settled = false
    void waited.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    fresh.finish()
    expect(await waited).toBe(5)
  })

  it('forgets the oldest large counts beyond maxEntries', async () => {
    const clock = { t: 0 }
    const cache = new CountCache({ largeCount: 1, maxEntries: 2, now: () => clock.t })
    const runs = ['a', 'b', 'c'].map((key) => ({ key, q: controlled(1) }))
    for (const { key, q } of runs) {
      const p = cache.count(key, q.run)
      q.finish()
      await p
    }
    const [a, , c] = runs
    const again = cache.count('a', a.q.run)
    a.q.finish()
    await again
    expect(a.q.calls()).toBe(2)
    await cache.count('c', c.q.run)
    expect(c.q.calls()).toBe(1)
  })

  it('does not keep a failed count, and lets the next request retry', async () => {
    const cache = new CountCache()
    await expect(cache.count('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.count('k', () => Promise.resolve(3))).toBe(3)
  })
})

describe('queryKey', () => {
  it('tells queries apart by SQL and by parameters, bigints included', () => {
    const q = (sql: string, params: unknown[]) => ({ toSQL: () => ({ sql, params }) })
    expect(queryKey(q('select 1', [1n]))).toBe(queryKey(q('select 1', [1n])))
    expect(queryKey(q('select 1', [1n]))).not.toBe(queryKey(q('select 1', ['1'])))
    expect(queryKey(q('select 1', [1n]))).not.toBe(queryKey(q('select 2', [1n])))
  })
})
