import { describe, expect, it } from 'vitest'
import { decodeBase64, decodeBase64Bytes, encodeBase64, type Base64Encoding } from './base64.js'

const utf8 = (s: string) => new TextEncoder().encode(s)

// RFC 4648 section 10 test vectors.
const RFC4648: readonly [string, string][] = [
  ['', ''],
  ['f', 'Zg=='],
  ['fo', 'Zm8='],
  ['foo', 'Zm9v'],
  ['foob', 'Zm9vYg=='],
  ['fooba', 'Zm9vYmE='],
  ['foobar', 'Zm9vYmFy'],
]

describe('base64', () => {
  it.each(RFC4648)('encodes and decodes %j (RFC 4648)', (plain, encoded) => {
    expect(encodeBase64(utf8(plain))).toBe(encoded)
    const r = decodeBase64(encoded)
    expect(r.ok && Buffer.from(r.bytes).toString()).toBe(plain)
  })

  it('distinguishes the URL alphabet', () => {
    const bytes = Uint8Array.from([0xfb, 0xff])
    expect(encodeBase64(bytes)).toBe('+/8=')
    expect(encodeBase64(bytes, 'url')).toBe('-_8=')
    expect(decodeBase64('-_8=', 'url').ok).toBe(true)
    expect(decodeBase64('-_8=').ok).toBe(false)
  })

  it('rejects missing padding and trailing garbage at Go offsets', () => {
    const missing = decodeBase64('Zg')
    expect(!missing.ok && missing.error.message).toBe('illegal base64 data at input byte 0')
    const trailing = decodeBase64('Zg==x')
    expect(!trailing.ok && trailing.error.offset).toBe(4)
    const bad = decodeBase64('Zm9v!A==')
    expect(!bad.ok && bad.error.offset).toBe(4)
    expect(decodeBase64('Zm9v\nYmFy').ok).toBe(true)
  })
})

describe('decodeBase64Bytes', () => {
  const decode = (text: string, enc: Base64Encoding): string => {
    const r = decodeBase64Bytes(utf8(text), enc)
    return r.ok ? Buffer.from(r.bytes).toString('latin1') : r.error.message
  }
  const padded: Base64Encoding = { alphabet: 'std', padding: 'required', strict: false }
  const bare: Base64Encoding = { alphabet: 'std', padding: 'none', strict: false }

  it("keeps unused bits unless strict, as Go's Strict()", () => {
    expect(decode('WR==', padded)).toBe('Y')
    expect(decode('WR==', { ...padded, strict: true })).toBe('illegal base64 data at input byte 2')
    expect(decode('YWJ', bare)).toBe('ab')
    expect(decode('YWJ', { ...bare, strict: true })).toBe('illegal base64 data at input byte 2')
  })

  it("rejects '=' without padding and a short final quantum with it", () => {
    expect(decode('SQ', bare)).toBe('I')
    expect(decode('SQ==', bare)).toBe('illegal base64 data at input byte 2')
    expect(decode('SQ', padded)).toBe('illegal base64 data at input byte 0')
    expect(decode('S', bare)).toBe('illegal base64 data at input byte 0')
  })

  it('skips newlines and picks the alphabet', () => {
    const url: Base64Encoding = { alphabet: 'url', padding: 'required', strict: true }
    expect(decode('\r_-\n8=', url)).toBe('\xff\xef')
    expect(decode('_-8=', { ...url, alphabet: 'std' })).toBe('illegal base64 data at input byte 0')
  })
})
