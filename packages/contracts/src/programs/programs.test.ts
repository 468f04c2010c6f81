import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assembleOrThrow, compiledModule, readTeal } from '../../scripts/assemble-sources.js'
import { clearProgram, managerProgram, proxyProgram, randomProxyId, MAX_PROXY_ID } from './index.js'
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
