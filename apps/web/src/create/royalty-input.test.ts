import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import {
  ROYALTY_MESSAGES,
  percentToBasisPoints,
  readRoyalty,
  royaltyField,
} from './royalty-input.js'

const address = () => algosdk.generateAccount().addr.toString()
const A = address()
const B = address()

describe('the royalty section', () => {
  it('reads percentages with up to 2 decimals as basis points', () => {
    expect(percentToBasisPoints('5')).toBe(500n)
    expect(percentToBasisPoints('2.5')).toBe(250n)
    expect(percentToBasisPoints('0.01')).toBe(1n)
    expect(percentToBasisPoints('0.001')).toBeNull()
    expect(percentToBasisPoints('-1')).toBeNull()
    expect(percentToBasisPoints('1e2')).toBeNull()
    expect(percentToBasisPoints('101')).toBeNull()
  })

  it('sends no royalty when every row is at 0%', () => {
    const r = readRoyalty([{ address: A, percent: '0' }])
    expect(r.royalty).toEqual({ recipients: [] })
    expect(royaltyField(r.royalty!)).toBeUndefined()
  })

  it('sends the split as basis points in a JSON field', () => {
    const r = readRoyalty([
      { address: A, percent: '7.5' },
      { address: ` ${B} `, percent: '2.5' },
    ])
    expect(r.basisPoints).toBe(1000n)
    expect(JSON.parse(royaltyField(r.royalty!)!)).toEqual({
      recipients: [
        { address: A, share: 750 },
        { address: B, share: 250 },
      ],
    })
  })

  it('puts each problem on its row and refuses the split', () => {
    const r = readRoyalty([
      { address: A, percent: '5' },
      { address: 'not an address', percent: '1' },
      { address: B, percent: '0' },
      { address: A, percent: '1.234' },
    ])
    expect(r.royalty).toBeNull()
    expect(r.rows).toEqual([
      null,
      ROYALTY_MESSAGES.address,
      ROYALTY_MESSAGES.zero,
      ROYALTY_MESSAGES.percent,
    ])
    expect(
      readRoyalty([
        { address: A, percent: '1' },
        { address: A, percent: '1' },
      ]).rows,
    ).toEqual([null, ROYALTY_MESSAGES.duplicate])
  })

  it('caps the total at 15% and the recipients at 4', () => {
    expect(readRoyalty([{ address: A, percent: '15' }]).royalty?.recipients).toHaveLength(1)
    const over = readRoyalty([
      { address: A, percent: '10' },
      { address: B, percent: '5.01' },
    ])
    expect(over).toMatchObject({ royalty: null, total: ROYALTY_MESSAGES.total })
    const five = Array.from({ length: 5 }, () => ({ address: address(), percent: '1' }))
    expect(readRoyalty(five)).toMatchObject({ royalty: null, total: ROYALTY_MESSAGES.tooMany })
  })
})
