/** The explorer's value formatting: exact decimal amounts from bigint, bytes shown safely. */
import { describe, expect, it } from 'vitest'
import {
  bytesView,
  formatAlgos,
  formatTime,
  formatUnits,
  noteView,
  printableText,
} from '../../src/explorer/format.js'
import { escapeHtml, markup } from '../../src/explorer/html.js'

describe('amounts', () => {
  it('formats microAlgos with exactly 6 decimals, beyond float precision', () => {
    expect(formatAlgos(0n)).toBe('0.000000 ALGO')
    expect(formatAlgos(1n)).toBe('0.000001 ALGO')
    expect(formatAlgos(1_234_567n)).toBe('1.234567 ALGO')
    expect(formatAlgos(10_000_000_000_000_000n)).toBe('10,000,000,000.000000 ALGO')
    // 2^64 - 1 microAlgos: a float would round the last digits.
    expect(formatAlgos(18_446_744_073_709_551_615n)).toBe('18,446,744,073,709.551615 ALGO')
  })

  it('scales asset units by their decimals', () => {
    expect(formatUnits(12_345n, 2)).toBe('123.45')
    expect(formatUnits(5n, 0)).toBe('5')
    expect(formatUnits(1_000_000n, 0)).toBe('1,000,000')
    expect(formatUnits(7n, 19)).toBe('0.0000000000000000007')
    expect(formatUnits(18_446_744_073_709_551_615n, 19)).toBe('1.8446744073709551615')
  })
})

describe('bytes', () => {
  const bytes = (s: string) => new TextEncoder().encode(s)

  it('treats valid printable UTF-8 as text, tabs and newlines included', () => {
    expect(printableText(bytes('héllo\n\tworld'))).toBe('héllo\n\tworld')
    expect(printableText(bytes('a\u0000b'))).toBeUndefined()
    expect(printableText(bytes('\u202Eevil'))).toBeUndefined()
    expect(printableText(new Uint8Array([0xff, 0xfe]))).toBeUndefined()
  })

  it('shows state values as text, address or hex', () => {
    expect(bytesView(bytes('<k>')).text).toBe('<code>&quot;&lt;k&gt;&quot;</code>')
    expect(bytesView(new Uint8Array(32)).text).toContain(
      'href="/explorer/address/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ"',
    )
    expect(bytesView(new Uint8Array([0, 0xab])).text).toBe('<code>0x00ab</code>')
  })

  it('shows notes as text or base64', () => {
    expect(noteView(undefined)).toBeUndefined()
    expect(noteView(bytes('<x>'))?.text).toBe(
      '<pre>&lt;x&gt;</pre><span class="muted">3 bytes</span>',
    )
    expect(noteView(new Uint8Array([0xff]))?.text).toBe(
      '<code>/w==</code> <span class="muted">(base64, 1 bytes)</span>',
    )
  })
})

describe('markup', () => {
  it('escapes every interpolation unless it is markup already', () => {
    const name = `<script>"'&`
    expect(escapeHtml(name)).toBe('&lt;script&gt;&quot;&#39;&amp;')
    const inner = markup`<b>${name}</b>`
    expect(markup`<p title="${name}">${inner}${[name, 1n, undefined, false]}</p>`.text).toBe(
      '<p title="&lt;script&gt;&quot;&#39;&amp;"><b>&lt;script&gt;&quot;&#39;&amp;</b>&lt;script&gt;&quot;&#39;&amp;1</p>',
    )
  })

  it('formats block times, and refuses absurd ones', () => {
    expect(formatTime(0n)).toBe('1970-01-01T00:00:00.000Z')
    expect(formatTime(2n ** 63n)).toBeUndefined()
  })
})
