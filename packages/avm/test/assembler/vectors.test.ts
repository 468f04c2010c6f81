/**
 * Golden vectors from go-algorand's assembler_test.go (see the `source` of each JSON file):
 * exact bytes, sources that must assemble alike, and errors at line/column.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { assemble, disassemble, formatError } from '../../src/assembler/index.js'

interface Nonsense {
  vectors: { name: string; version: number; source: string; hex: string }[]
}
interface Cases {
  exact: { test: string; versions: [number, number]; source: string; hex: string }[]
  equivalent: { test: string; versions: [number, number]; sources: string[] }[]
  errors: {
    test: string
    versions: [number, number] | null
    source: string
    line: number
    column: number
    message: string
    accepts?: boolean
  }[]
}

const load = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../vectors/${name}`, import.meta.url), 'utf8'))

const nonsense = load('nonsense.json') as Nonsense
const cases = load('assembler_cases.json') as Cases

const range = ([lo, hi]: [number, number]): number[] =>
  Array.from({ length: hi - lo + 1 }, (_, i) => lo + i)

const hexOf = (b: Uint8Array): string => Buffer.from(b).toString('hex')

function assembleHex(source: string, version?: number): string {
  const r = assemble(source, version === undefined ? {} : { version })
  if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'))
  return hexOf(r.program)
}

/** go's testProg: the disassembly, reassembled without type tracking, gives the same bytes. */
function expectRoundTrip(program: Uint8Array): void {
  const d = disassemble(program)
  if (!d.ok) throw new Error(d.error)
  expect(assembleHex(`#pragma typetrack false\n${d.text}`)).toBe(hexOf(program))
}

/** go's testMatch: "..." at either end loosens the match to a prefix/suffix/substring. */
function matches(actual: string, expected: string): boolean {
  const pre = expected.startsWith('...')
  const post = expected.endsWith('...') && expected.length > 3
  if (pre && post) return actual.includes(expected.slice(3, -3))
  if (pre) return `${actual}^`.includes(`${expected.slice(3)}^`)
  if (post) return `^${actual}`.includes(`^${expected.slice(0, -3)}`)
  return actual === expected
}

describe('go-algorand TestAssemble nonsense programs', () => {
  for (const v of nonsense.vectors.filter((x) => x.version >= 2)) {
    it(`${v.name} assembles at v${v.version} to compiled[${v.version}]`, () => {
      const r = assemble(v.source, { version: v.version })
      if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'))
      expect(hexOf(r.program)).toBe(v.hex)
      expectRoundTrip(r.program)
    })
  }
})

describe('go-algorand exact-byte cases', () => {
  for (const c of cases.exact) {
    for (const v of range(c.versions)) {
      it(`${c.test} v${v}: ${JSON.stringify(c.source).slice(0, 60)}`, () => {
        const expected = c.hex.replace(/^(xx|0\d)/, v.toString(16).padStart(2, '0'))
        const r = assemble(c.source, { version: v })
        if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'))
        expect(hexOf(r.program)).toBe(expected)
        expectRoundTrip(r.program)
      })
    }
  }
})

describe('go-algorand sources that assemble alike', () => {
  for (const c of cases.equivalent) {
    for (const v of range(c.versions)) {
      it(`${c.test} v${v}`, () => {
        const [first, ...rest] = c.sources.map((s) => assembleHex(s, v))
        for (const other of rest) expect(other).toBe(first)
      })
    }
  }
})

describe('go-algorand error cases', () => {
  for (const c of cases.errors) {
    const versions = c.versions ? range(c.versions) : [undefined]
    for (const v of versions) {
      it(`${c.test} v${v ?? '-'}: ${JSON.stringify(c.source).slice(0, 70)}`, () => {
        const r = assemble(c.source, v === undefined ? {} : { version: v })
        if (c.accepts) {
          if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'))
          return
        }
        expect(r.ok).toBe(false)
        if (r.ok) return
        const found = r.errors.find((e) => e.line === c.line)
        expect(found, r.errors.map(formatError).join('\n')).toBeDefined()
        if (c.column !== 0) expect(found!.column).toBe(c.column)
        expect(matches(found!.message, c.message), found!.message).toBe(true)
      })
    }
  }
})
