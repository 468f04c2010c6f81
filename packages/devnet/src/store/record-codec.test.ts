import { describe, expect, it } from 'vitest'
import { blockFor, plain } from '../../test/store/blocks-fixture.js'
import {
  HEADER_BYTES,
  MAX_PAYLOAD_BYTES,
  decodePayload,
  encodeRecord,
  parseHeader,
  payloadMatches,
} from './record-codec.js'

describe('record codec', () => {
  it('round-trips blocks, including empty blocks and empty transactions', () => {
    const blocks = [
      blockFor(1n),
      blockFor(5n), // no groups
      { round: 7n, timestamp: 0n, groups: [[new Uint8Array(0)], []] },
      { round: (1n << 64n) - 1n, timestamp: (1n << 64n) - 1n, groups: [] },
    ]
    for (const block of blocks) {
      const record = encodeRecord(block)
      const header = parseHeader(record, 0)
      expect(header?.payloadLength).toBe(record.length - HEADER_BYTES)
      const payload = record.subarray(HEADER_BYTES)
      expect(header && payloadMatches(header, payload)).toBe(true)
      expect(plain([decodePayload(payload)])).toEqual(plain([block]))
    }
  })

  it('documents its layout: magic, length, payload CRC, header CRC, then round and time', () => {
    const record = encodeRecord({ round: 3n, timestamp: 9n, groups: [[Uint8Array.of(0xab)]] })
    expect(record.subarray(0, 4).toString('latin1')).toBe('UDBK')
    expect(record.readUInt32LE(4)).toBe(8 + 8 + 4 + 4 + 4 + 1)
    expect(record.readBigUInt64LE(16)).toBe(3n)
    expect(record.readBigUInt64LE(24)).toBe(9n)
    expect(record.readUInt32LE(32)).toBe(1) // one group
    expect(record.readUInt32LE(36)).toBe(1) // of one transaction
    expect(record.readUInt32LE(40)).toBe(1) // of one byte
    expect(record[44]).toBe(0xab)
  })

  it('decoded transactions share no memory with the source buffer', () => {
    const record = encodeRecord(blockFor(2n))
    const block = decodePayload(record.subarray(HEADER_BYTES))
    record.fill(0)
    expect(plain([block])).toEqual(plain([blockFor(2n)]))
    const txn = block.groups[0][0]
    expect(txn.buffer.byteLength).toBe(record.length - HEADER_BYTES)
  })

  it('rejects a header with a wrong magic, a damaged field, or an absurd length', () => {
    const record = encodeRecord(blockFor(4n))
    expect(parseHeader(record, 0)).toBeDefined()
    for (const at of [0, 4, 8, 12]) {
      const damaged = Buffer.from(record)
      damaged[at] = damaged[at] ^ 0x01
      expect(parseHeader(damaged, 0)).toBeUndefined()
    }
    expect(parseHeader(record.subarray(0, HEADER_BYTES - 1), 0)).toBeUndefined()
    const payload = Buffer.from(record.subarray(HEADER_BYTES))
    payload[3] = payload[3] ^ 0x80
    expect(payloadMatches(parseHeader(record, 0)!, payload)).toBe(false)
    expect(MAX_PAYLOAD_BYTES).toBeGreaterThan(5 * 1024 * 1024) // go-algorand's largest block
  })

  it('refuses blocks the layout cannot hold', () => {
    expect(() => encodeRecord({ round: 0n, timestamp: 1n, groups: [] })).toThrow(/round 0/)
    expect(() => encodeRecord({ round: 1n << 64n, timestamp: 1n, groups: [] })).toThrow(/round/)
    expect(() => encodeRecord({ round: 1n, timestamp: -1n, groups: [] })).toThrow(/timestamp/)
  })
})
