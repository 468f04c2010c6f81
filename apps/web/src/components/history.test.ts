import type { Operation } from '@unica/schemas'
import { describe, expect, it } from 'vitest'
import { shortAddress } from '../lib/format.js'
import { ALICE, BOB, operation } from '../test/harness.js'
import { historyRows, isHousekeeping, phraseText, type HistoryRow } from './history.js'

const CAROL = `CAR${'C'.repeat(52)}567`

/** Operations oldest first, as a story is told; the API lists them newest first. */
function story(...ops: Partial<Operation>[]): Operation[] {
  return ops.map((o, i) => operation({ operation_id: String(i + 1), ...o })).reverse()
}

/** Each row as [text, who, price], oldest first. */
function told(rows: readonly HistoryRow[]): [string, string, string | null][] {
  return [...rows]
    .reverse()
    .map((r) => [
      phraseText(r.phrase, shortAddress),
      shortAddress(r.who),
      r.price === null ? null : r.price.toString(),
    ])
}

describe('history rows in the words of the market', () => {
  it('tells a listing, a price change and a delisting, and lists again after it', () => {
    const rows = historyRows(
      story(
        { op_type: 'ASK', value: '100' },
        { op_type: 'ASK', value: '120' },
        { op_type: 'ASK', value: '0' },
        { op_type: 'ASK', value: '90' },
      ),
    )
    expect(told(rows)).toEqual([
      ['Listed for', 'ALI...XYZ', '100'],
      ['Price changed to', 'ALI...XYZ', '120'],
      ['Delisted', 'ALI...XYZ', null],
      ['Listed for', 'ALI...XYZ', '90'],
    ])
  })

  it("tells each bidder's offers relative to their own previous one", () => {
    const rows = historyRows(
      story(
        { op_type: 'BID', value: '50', sender: BOB },
        { op_type: 'BID', value: '30', sender: CAROL },
        { op_type: 'BID', value: '70', sender: BOB },
        { op_type: 'BID', value: '60', sender: BOB },
        { op_type: 'BID', value: '60', sender: BOB },
        { op_type: 'BID', value: '0', sender: BOB },
        { op_type: 'BID', value: '10', sender: BOB },
        { op_type: 'BID', value: '0', sender: CAROL },
      ),
    )
    expect(told(rows)).toEqual([
      ['Offer', 'BOB...234', '50'],
      ['Offer', 'CAR...567', '30'],
      ['Offer raised', 'BOB...234', '70'],
      ['Offer lowered', 'BOB...234', '60'],
      ['Offer', 'BOB...234', '60'],
      ['Offer withdrawn', 'BOB...234', null],
      ['Offer', 'BOB...234', '10'],
      ['Offer withdrawn', 'CAR...567', null],
    ])
  })

  it('names both parties of a sale, and a sale closes the listing and spends the offer', () => {
    const rows = historyRows(
      story(
        { op_type: 'ASK', value: '100', sender: ALICE },
        { op_type: 'BID', value: '80', sender: BOB },
        { op_type: 'SELL_NOW', value: '80', sender: ALICE, counterparty: BOB },
        { op_type: 'ASK', value: '150', sender: BOB },
        { op_type: 'BID', value: '20', sender: ALICE },
        { op_type: 'BUY_NOW', value: '150', sender: CAROL, counterparty: BOB },
        { op_type: 'ASK', value: '200', sender: CAROL },
        { op_type: 'BID', value: '40', sender: BOB },
        { op_type: 'BID', value: '30', sender: ALICE },
      ),
    )
    expect(told(rows)).toEqual([
      ['Listed for', 'ALI...XYZ', '100'],
      ['Offer', 'BOB...234', '80'],
      ['Sold to BOB...234 by ALI...XYZ', 'ALI...XYZ', '80'],
      ['Listed for', 'BOB...234', '150'],
      ['Offer', 'ALI...XYZ', '20'],
      ['Bought from BOB...234 by CAR...567', 'CAR...567', '150'],
      ['Listed for', 'CAR...567', '200'],
      // Bob's offer was spent by the sale: this is a new one, not a lowered 80.
      ['Offer', 'BOB...234', '40'],
      // Alice's offer of 20 stands across the sales she was no party to.
      ['Offer raised', 'ALI...XYZ', '30'],
    ])
    const sale = rows.find((r) => phraseText(r.phrase, shortAddress).startsWith('Sold'))
    expect(sale?.phrase).toEqual(['Sold to ', { address: BOB }, ' by ', { address: ALICE }])
  })

  it('still tells a sale whose other party is not known yet (pending, or recorded before)', () => {
    const rows = historyRows(
      story(
        { op_type: 'SELL_NOW', value: '5', sender: ALICE, counterparty: null },
        { op_type: 'BUY_NOW', value: '6', sender: BOB },
      ),
    )
    expect(told(rows)).toEqual([
      ['Sold by ALI...XYZ', 'ALI...XYZ', '5'],
      ['Bought by BOB...234', 'BOB...234', '6'],
    ])
  })

  it('starts with the mint, calls the setup the deployment, and hides housekeeping', () => {
    const ops = story(
      { op_type: 'CONFIGURE', value: '0', sender: ALICE },
      { op_type: 'OPT_IN', value: '0', sender: BOB },
      { op_type: 'BID', value: '9', sender: BOB },
      { op_type: 'CLEAR', value: '0', sender: BOB },
      { op_type: 'CLOSE_OUT', value: '0', sender: CAROL },
    )
    const rows = historyRows(ops, { creator_address: ALICE, created_at: '2026-11-20T09:00:00Z' })
    expect(told(rows)).toEqual([
      ['Minted', 'ALI...XYZ', null],
      ['Contract deployed', 'ALI...XYZ', null],
      ['Offer', 'BOB...234', '9'],
    ])
    expect(rows.at(-1)).toMatchObject({ key: 'minted', txId: null, when: '2026-11-20T09:00:00Z' })
    expect(ops.filter(isHousekeeping).map((o) => o.op_type)).toEqual([
      'CLOSE_OUT',
      'CLEAR',
      'OPT_IN',
    ])
  })

  it("names an operation it has no words for by the spec's display rule", () => {
    expect(told(historyRows(story({ op_type: 'SOME_CALL', value: '0' })))).toEqual([
      ['Some Call', 'ALI...XYZ', null],
    ])
  })

  it('keeps the operation, its transaction and whether it is pending', () => {
    const [row] = historyRows([operation({ operation_id: '7', is_pending: true, tx_id: 'T' })])
    expect(row).toMatchObject({ key: '7', txId: 'T', pending: true })
  })
})
