import { describe, expect, it } from 'vitest'
import { safeHref } from './links.js'

describe('safeHref', () => {
  it('keeps http(s) URLs and our own paths', () => {
    expect(safeHref('https://lora.algokit.io/testnet/tx/ABC')).toBe(
      'https://lora.algokit.io/testnet/tx/ABC',
    )
    expect(safeHref('http://127.0.0.1:4001/explorer/tx/ABC')).toBe(
      'http://127.0.0.1:4001/explorer/tx/ABC',
    )
    expect(safeHref('/media/abc.png')).toBe('/media/abc.png')
  })

  it('refuses every other scheme, protocol-relative URLs and nothing', () => {
    for (const url of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/x',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(safeHref(url), String(url)).toBeUndefined()
    }
  })
})
