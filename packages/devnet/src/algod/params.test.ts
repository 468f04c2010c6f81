import { generateAccount } from 'algosdk'
import { describe, expect, it } from 'vitest'

import { HttpError } from '../http/server.js'
import {
  optionalBool,
  parseAddress,
  parseAppCallBytes,
  parseFormat,
  parseTxid,
  parseUint64,
  queryValue,
} from './params.js'

function message(f: () => unknown): string {
  try {
    f()
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError)
    expect((e as HttpError).statusCode).toBe(400)
    return (e as HttpError).message
  }
  throw new Error('expected an HttpError')
}

describe('parseUint64 (go strconv.ParseUint)', () => {
  it('accepts 0 to 2^64-1, leading zeros included', () => {
    expect(parseUint64('round', '0')).toBe(0n)
    expect(parseUint64('round', '007')).toBe(7n)
    expect(parseUint64('round', '18446744073709551615')).toBe(2n ** 64n - 1n)
  })

  it('refuses signs, spaces, hex, empty and out-of-range values', () => {
    expect(message(() => parseUint64('round', '-1'))).toBe(
      'Invalid format for parameter round: strconv.ParseUint: parsing "-1": invalid syntax',
    )
    for (const bad of ['', ' 1', '1 ', '+1', '0x10', '1e3', '1.0']) {
      expect(message(() => parseUint64('round', bad))).toContain('invalid syntax')
    }
    expect(message(() => parseUint64('asset-id', '18446744073709551616'))).toContain(
      'value out of range',
    )
    expect(message(() => parseUint64('asset-id', '9'.repeat(5000)))).toContain('value out of range')
  })
})

describe('query parameters', () => {
  it('refuses repeated single-valued parameters', () => {
    expect(message(() => queryValue({ max: ['1', '2'] }, 'max'))).toContain('multiple values')
  })

  it('reads booleans as go strconv.ParseBool', () => {
    expect(optionalBool({ s: 'true' }, 's')).toBe(true)
    expect(optionalBool({ s: '0' }, 's')).toBe(false)
    expect(optionalBool({}, 's')).toBeUndefined()
    expect(message(() => optionalBool({ s: 'yes' }, 's'))).toContain('invalid syntax')
  })

  it('reads format as json (default) or msgpack', () => {
    expect(parseFormat({})).toBe('json')
    expect(parseFormat({ format: 'MsgPack' })).toBe('msgpack')
    expect(message(() => parseFormat({ format: 'xml' }))).toBe('failed to parse the format option')
  })
})

describe('addresses and transaction ids', () => {
  it('accepts a checksummed address and refuses a corrupted one', () => {
    const addr = generateAccount().addr.toString()
    expect(parseAddress('address', addr)).toBe(addr)
    const corrupted = (addr[0] === 'A' ? 'B' : 'A') + addr.slice(1)
    expect(message(() => parseAddress('address', corrupted))).toMatch(
      /^Invalid format for parameter address: /,
    )
    expect(message(() => parseAddress('address', 'nope'))).toMatch(/address/)
  })

  it('accepts 52 base32 characters as a txid', () => {
    const txid = 'A'.repeat(52)
    expect(parseTxid(txid)).toBe(txid)
    for (const bad of ['A'.repeat(51), 'a'.repeat(52), `${'A'.repeat(51)}1`]) {
      expect(message(() => parseTxid(bad))).toBe('no valid transaction ID was specified')
    }
  })
})

describe('box names in goal form (avm-abi apps.NewAppCallBytes)', () => {
  it('decodes str, int, addr, b32, b64 and abi', () => {
    const account = generateAccount()
    expect(parseAppCallBytes('str:box')).toEqual(new TextEncoder().encode('box'))
    expect(parseAppCallBytes('string:a:b')).toEqual(new TextEncoder().encode('a:b'))
    expect(parseAppCallBytes('int:258')).toEqual(Uint8Array.of(0, 0, 0, 0, 0, 0, 1, 2))
    expect(parseAppCallBytes(`addr:${account.addr.toString()}`)).toEqual(account.addr.publicKey)
    expect(parseAppCallBytes('b32:MZXW6===')).toEqual(new TextEncoder().encode('foo'))
    expect(parseAppCallBytes('b64:AAEC')).toEqual(Uint8Array.of(0, 1, 2))
    expect(parseAppCallBytes('abi:uint16:7')).toEqual(Uint8Array.of(0, 7))
  })

  it('refuses malformed names with avm-abi texts', () => {
    expect(message(() => parseAppCallBytes('nocolon'))).toBe(
      "all arguments and box names should be of the form 'encoding:value'",
    )
    expect(message(() => parseAppCallBytes('hex:00'))).toBe('Unknown encoding: hex')
    expect(message(() => parseAppCallBytes('int:-1'))).toContain('Could not parse uint64')
    expect(message(() => parseAppCallBytes('b64:%%%'))).toContain('Could not decode base64')
    expect(message(() => parseAppCallBytes('addr:XYZ'))).toContain('Could not unmarshal')
    expect(message(() => parseAppCallBytes('abi:uint16'))).toContain('Could not decode abi')
    expect(message(() => parseAppCallBytes('abi:nonsense:1'))).toContain('abi type')
  })
})
