import { describe, expect, it } from 'vitest'
import { activeFilterCount, changedParams, readFilters, withoutFilters } from './list-filters.js'

const ADDRESS = `ALI${'A'.repeat(52)}XYZ`
const read = (query: string) => readFilters(new URLSearchParams(query), 6)

describe('list filters in the URL', () => {
  it('turns every filter and sort into the API query', () => {
    expect(read(`market=sold&min=1.5&max=20&creator=${ADDRESS}&sort=price_desc`)).toEqual({
      filters: {
        market: 'sold',
        price__gte: '1500000',
        price__lte: '20000000',
        creator_address: ADDRESS,
        ordering: '-price',
      },
      active: true,
      problems: [],
    })
    expect(read('')).toEqual({ filters: {}, active: false, problems: [] })
  })

  it('ignores and reports values that mean nothing', () => {
    const r = read('market=cheap&min=abc&max=1.0000001&creator=bob&sort=random')
    expect(r.filters).toEqual({})
    expect(r.active).toBe(true)
    expect(r.problems).toHaveLength(5)
    const crossed = read('min=5&max=1')
    expect(crossed.filters).toEqual({ price__gte: '5000000' })
    expect(crossed.problems).toEqual(['The minimum price is above the maximum.'])
    expect(read('min=18446744073709551616').filters).toEqual({})
  })

  it('clears only its own keys', () => {
    expect(
      withoutFilters(new URLSearchParams('q=harb&market=sold&sort=oldest&page=2')).toString(),
    ).toBe('q=harb')
  })

  it('changes the URL only when a value changes, back to the first page', () => {
    const at = new URLSearchParams('q=harb&sort=oldest&page=3')
    // The same values again (an Enter in an unchanged field): no new URL, so no history entry.
    expect(changedParams(at, { sort: 'oldest' })).toBeNull()
    expect(changedParams(at, { min: '' })).toBeNull()
    expect(changedParams(at, { sort: 'newest' })?.toString()).toBe('q=harb&sort=newest')
    expect(changedParams(at, { sort: '', min: '2' })?.toString()).toBe('q=harb&min=2')
  })

  it('counts the filters and sorts the URL sets', () => {
    expect(activeFilterCount(new URLSearchParams('q=harb&page=2'))).toBe(0)
    expect(activeFilterCount(new URLSearchParams('market=sold&min=&sort=oldest&q=x'))).toBe(2)
  })
})
