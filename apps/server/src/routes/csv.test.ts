/**
 * CSV cells: read back as a spreadsheet reads RFC 4180, every cell is the value itself, or the
 * value after a quote when it would start a formula; and what a spreadsheet sees never starts one.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvCell, csvText } from './csv.js'

/** One RFC 4180 field, as a reader takes it: quoted (doubled quotes inside) or plain. */
function readField(field: string): string {
  if (!field.startsWith('"')) {
    expect(field).not.toMatch(/[",\r\n]/)
    return field
  }
  expect(field.endsWith('"')).toBe(true)
  const inner = field.slice(1, -1)
  // Inside, every quote is doubled.
  expect(inner.replaceAll('""', '')).not.toContain('"')
  return inner.replaceAll('""', '"')
}

const FORMULA = /^[=+\-@\t\r]/

describe('csvCell', () => {
  it('reads back as the value, defused when it would start a formula', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const read = readField(csvCell(value))
        expect(read).toBe(FORMULA.test(value) ? `'${value}` : value)
        expect(read).not.toMatch(FORMULA)
      }),
      { numRuns: 2000 },
    )
  })

  it('defuses each formula start, and quotes separators', () => {
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-1')).toBe("'-1")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\t=1')).toBe("'\t=1")
    expect(csvCell('\r=1')).toBe(`"'\r=1"`)
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"')
    expect(csvCell('plain@example.com')).toBe('plain@example.com')
  })

  it('writes rows as CRLF lines', () => {
    expect(
      csvText([
        ['a', 'b'],
        ['c,d', '=e'],
      ]),
    ).toBe(`a,b\r\n"c,d",'=e\r\n`)
  })
})
