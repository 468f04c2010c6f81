import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assembleOrThrow, compiledModule, readTeal } from '../../scripts/assemble-sources.js'
import {
  clearProgram,
  managerProgram,
  proxyIdOf,
  proxyProgram,
  randomProxyId,
  MAX_PROXY_ID,
} from './index.js'
import { PROXY_SOURCE } from './compiled.js'
import { proxySource } from './template.js'

describe('compiled programs', () => {
  it('match the TEAL sources (run `npm run assemble -w @unica/contracts` after editing teal/)', async () => {
    const committed = readFileSync(new URL('./compiled.ts', import.meta.url), 'utf8')
    expect(committed).toBe(await compiledModule(readTeal()))
  })

  it('are AVM 10 and fit one program page', () => {
    for (const p of [managerProgram(), clearProgram(), proxyProgram(1)]) {
      expect(p.bytes[0]).toBe(10)
    }
    expect(managerProgram().bytes.length).toBeLessThanOrEqual(2048)
  })
})

describe('proxyProgram', () => {
  it('is what assembling the template with that id gives, for any id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PROXY_ID }), (id) => {
        const expected = assembleOrThrow(proxySource(PROXY_SOURCE, id), 'proxy')
        expect(proxyProgram(id).bytes).toEqual(expected)
      }),
      { numRuns: 40 },
    )
  })

  it('gives each id its own address', () => {
    expect(proxyProgram(1).hash).not.toBe(proxyProgram(2).hash)
  })

  it('refuses ids outside 0..2^31-2', () => {
    for (const bad of [-1, MAX_PROXY_ID + 1, 1.5, Number.NaN]) {
      expect(() => proxyProgram(bad)).toThrow(RangeError)
    }
  })

  it('draws random ids in range', () => {
    for (let i = 0; i < 100; i++) {
      const id = randomProxyId()
      expect(Number.isInteger(id) && id >= 0 && id <= MAX_PROXY_ID).toBe(true)
    }
  })
})

describe('proxyIdOf', () => {
  it('recognises the proxy for any id, and nothing else', () => {
    for (const id of [0, 1, 127, 128, 16_383, 16_384, 123_456_789, MAX_PROXY_ID]) {
      expect(proxyIdOf(proxyProgram(id).bytes), String(id)).toBe(id)
    }
    const tampered = new Uint8Array(proxyProgram(5).bytes)
    tampered[tampered.length - 1] ^= 1
    expect(proxyIdOf(tampered)).toBeUndefined()
    expect(proxyIdOf(managerProgram().bytes)).toBeUndefined()
    expect(proxyIdOf(new Uint8Array())).toBeUndefined()
    expect(proxyIdOf(proxyProgram(7).bytes.subarray(0, 12))).toBeUndefined()
  })

  it('refuses an id written in more bytes than it needs', () => {
    const canonical = proxyProgram(5).bytes
    const suffixStart = canonical.findIndex((b, i) => b !== proxyProgram(6).bytes[i]) + 1
    const padded = new Uint8Array([
      ...canonical.subarray(0, suffixStart - 1),
      0x85,
      0x00,
      ...canonical.subarray(suffixStart),
    ])
    expect(proxyIdOf(padded)).toBeUndefined()
  })
})
