/**
 * The `count` of a list answer. An exact `count(*)` over a large match costs far more than the
 * page itself (900,000 ready assets: 230-300 ms against 0.6 ms for the page; README
 * "Benchmark"), and fifty clients asking at once would queue behind it. So concurrent requests for
 * the same count share one query, and a large count (at least `largeCount` rows, whose cost grows
 * with its size) is reused for `reuseMs`: "about 900,000" may lag a few seconds. For a second
 * `reuseMs` it is still answered while one query refreshes it, so no request waits behind that
 * refresh (before, every client of a busy list stalled on it once per `reuseMs`: a p99 of 300 ms
 * where the page alone takes 15 ms; bench/README.md "Discovery"). Smaller counts, every list of a
 * normal-sized marketplace, stay exact at every request. The rule depends on the data, not on
 * timing, so a loaded machine does not change what a client sees.
 */
export interface CountCacheOptions {
  /** A count of at least this many rows is worth reusing. */
  readonly largeCount?: number
  /** How long a large count is reused; for as long again it is answered while it is refreshed. */
  readonly reuseMs?: number
  /** Distinct large counts remembered at once (hostile filter variety must not grow memory). */
  readonly maxEntries?: number
  readonly now?: () => number
}

export class CountCache {
  private readonly inFlight = new Map<string, Promise<number>>()
  private readonly reusable = new Map<string, { readonly value: number; readonly until: number }>()
  /** Failed refreshes must not become unhandled rejections: the next request retries. */
  private static readonly ignore = (): undefined => undefined
  private readonly largeCount: number
  private readonly reuseMs: number
  private readonly maxEntries: number
  private readonly now: () => number

  constructor(options: CountCacheOptions = {}) {
    this.largeCount = options.largeCount ?? 10_000
    this.reuseMs = options.reuseMs ?? 5_000
    this.maxEntries = options.maxEntries ?? 1_000
    this.now = options.now ?? (() => performance.now())
  }

  /** The count for `key` (the query's SQL and parameters), running `run` only when needed. */
  count(key: string, run: () => Promise<number>): Promise<number> {
    const kept = this.reusable.get(key)
    if (kept !== undefined) {
      const now = this.now()
      if (kept.until > now) return Promise.resolve(kept.value)
      if (kept.until + this.reuseMs > now) {
        // Stale but recent: answered at once, and counted again by one query in the background.
        if (!this.inFlight.has(key)) this.start(key, run).catch(CountCache.ignore)
        return Promise.resolve(kept.value)
      }
      this.reusable.delete(key)
    }
    return this.inFlight.get(key) ?? this.start(key, run)
  }

  private start(key: string, run: () => Promise<number>): Promise<number> {
    const query = run()
      .then((value) => {
        if (value >= this.largeCount) this.keep(key, value, this.now() + this.reuseMs)
        // A count that has become small is exact again from now on.
        else this.reusable.delete(key)
        return value
      })
      .finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, query)
    return query
  }

  private keep(key: string, value: number, until: number): void {
    this.reusable.delete(key)
    // Maps iterate in insertion order: the first key is the oldest.
    while (this.reusable.size >= this.maxEntries) {
      const oldest = this.reusable.keys().next()
      if (oldest.done === true) break
      this.reusable.delete(oldest.value)
    }
    this.reusable.set(key, { value, until })
  }
}

/** A cache key for a Drizzle query: its SQL text and parameters (bigints included). */
export function queryKey(query: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql, params } = query.toSQL()
  return JSON.stringify([sql, params], (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value.toString()}n` : value,
  )
}

/** A Drizzle `select({ total: count() })` query, awaited for its one row. */
export type CountQuery = PromiseLike<{ total: number }[]> & {
  toSQL(): { sql: string; params: unknown[] }
}
