import type { Operation } from '@unica/schemas'
import { describe, expect, it } from 'vitest'
import { shortAddress } from '../common/lib/format.js'
import { ALICE, BOB, operation } from '../test/harness.js'
import { historyRows, isHousekeeping, type HistoryRow, type Phrase } from './history.js'

const CAROL = `CAR${'C'.repeat(52)}567`

/** Operations oldest first, as a story is told; the API lists them newest first. */
function story(...ops: Partial<Operation>[]): Operation[] {
  return ops.map((o, i) => operation({ operation_id: String(i + 1), ...o })).reverse()
}

/** A phrase as plain text, addresses abbreviated as the table shows them. */
function phraseText(phrase: Phrase, abbreviate: (address: string) => string): string {
  return phrase.map((p) => (typeof p === 'string' ? p : abbreviate(p.address))).join('')
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

const PEOPLE: Record<string, string> = { alice: ALICE, bob: BOB, carol: CAROL }

/**
 * Checks a story told line by line, oldest first: `OP VALUE SENDER[>COUNTERPARTY] | row text |
 * price` (price `-` for none). Texts name people by their abbreviated addresses.
 */
function expectStory(script: string): void {
  const lines = script
    .trim()
    .split('\n')
    .map((l) => l.split('|').map((part) => part.trim()))
  const ops = lines.map(([call]) => {
    const [opType, value, who] = call.split(' ')
    const [sender, counterparty] = who.split('>')
    return { op_type: opType, value, sender: PEOPLE[sender], counterparty: PEOPLE[counterparty] }
  })
  const expected = lines.map(([call, text, price]) => {
    const sender = PEOPLE[call.split(' ')[2].split('>')[0]]
    return [text, shortAddress(sender), price === '-' ? null : price]
  })
  expect(told(historyRows(story(...ops)))).toEqual(expected)
}

describe('history rows in the words of the market', () => {
  it('tells a listing, a price change and a delisting, and lists again after it', () => {
    expectStory(`
      ASK 100 alice | Listed for       | 100
      ASK 120 alice | Price changed to | 120
      ASK 0 alice   | Delisted         | -
      ASK 90 alice  | Listed for       | 90
    `)
  })

  it("tells each bidder's offers relative to their own previous one", () => {
    expectStory(`
      BID 50 bob   | Offer           | 50
      BID 30 carol | Offer           | 30
      BID 70 bob   | Offer raised    | 70
      BID 60 bob   | Offer lowered   | 60
      BID 60 bob   | Offer           | 60
      BID 0 bob    | Offer withdrawn | -
      BID 10 bob   | Offer           | 10
      BID 0 carol  | Offer withdrawn | -
    `)
  })

  it('names both parties of a sale, and a sale closes the listing and spends the offer', () => {
    // Bob's offer is spent by his purchase, so his 40 is a new offer, not a lowered 80; alice's
    // offer of 20 stands across the sale she was no party to, so her 30 raises it.
    expectStory(`
      ASK 100 alice         | Listed for                         | 100
      BID 80 bob            | Offer                              | 80
      SELL_NOW 80 alice>bob | Sold to BOB...234 by ALI...XYZ     | 80
      ASK 150 bob           | Listed for                         | 150
      BID 20 alice          | Offer                              | 20
      BUY_NOW 150 carol>bob | Bought from BOB...234 by CAR...567 | 150
      ASK 200 carol         | Listed for                         | 200
      BID 40 bob            | Offer                              | 40
      BID 30 alice          | Offer raised                       | 30
    `)
  })

  it('links both parties of a sale', () => {
    const rows = historyRows(
      story({ op_type: 'SELL_NOW', value: '80', sender: ALICE, counterparty: BOB }),
    )
    expect(rows[0].phrase).toEqual(['Sold to ', { address: BOB }, ' by ', { address: ALICE }])
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

  it("keeps a sale's royalty, and only a sale's", () => {
    const rows = historyRows(
      story(
        {
          op_type: 'BUY_NOW',
          value: '10000000',
          sender: BOB,
          counterparty: ALICE,
          royalty: '500000',
        },
        { op_type: 'SELL_NOW', value: '9000000', sender: BOB, counterparty: CAROL, royalty: '0' },
        { op_type: 'SELL_NOW', value: '8000000', sender: CAROL, counterparty: BOB, royalty: null },
        { op_type: 'BID', value: '1000000', sender: ALICE, royalty: '7' },
      ),
    )
    expect([...rows].reverse().map((r) => r.royalty)).toEqual([500000n, null, null, null])
  })

  it("tells a recipient's claim as 'Royalty claimed', with the amount", () => {
    expect(told(historyRows(story({ op_type: 'CLAIM', value: '250000', sender: CAROL })))).toEqual([
      ['Royalty claimed', 'CAR...567', '250000'],
    ])
  })

  it('tells an auction: start, bids outbidding the one before, the settlement as a sale', () => {
    expectStory(`
      ASK 90 alice              | Listed for                           | 90
      AUCTION_START 10 alice    | Auction started, reserve             | 10
      AUCTION_BID 10 bob        | Auction bid                          | 10
      AUCTION_BID 11 carol>bob  | Auction bid, outbidding BOB...234    | 11
      AUCTION_SETTLE 11 bob>carol | Won at auction by CAR...567, settled | 11
      AUCTION_WITHDRAW 10 bob   | Held refund withdrawn                | 10
      ASK 20 carol              | Listed for                           | 20
    `)
  })

  it('tells a cancelled auction, without an amount, and keeps the royalty of its sale', () => {
    expectStory(`
      AUCTION_START 10 alice | Auction started, reserve | 10
      AUCTION_CANCEL 0 alice | Auction cancelled        | -
    `)
    const [row] = historyRows(
      story({ op_type: 'AUCTION_SETTLE', value: '100', counterparty: BOB, royalty: '5' }),
    )
    expect(row.royalty).toBe(5n)
  })

  it("labels the sender's part in a sale: buyer, seller, or whoever settled an auction", () => {
    const rows = historyRows(
      story(
        { op_type: 'ASK', value: '10', sender: ALICE },
        { op_type: 'BUY_NOW', value: '10', sender: BOB, counterparty: ALICE },
        { op_type: 'SELL_NOW', value: '12', sender: BOB, counterparty: CAROL },
        { op_type: 'AUCTION_SETTLE', value: '15', sender: ALICE, counterparty: CAROL },
      ),
    )
    expect(rows.map((r) => [r.role, shortAddress(r.who)]).reverse()).toEqual([
      [null, 'ALI...XYZ'],
      ['Buyer', 'BOB...234'],
      ['Seller', 'BOB...234'],
      ['Settled by', 'ALI...XYZ'],
    ])
  })
})
