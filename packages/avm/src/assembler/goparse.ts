/**
 * Go's `strconv` number and bool parsing, and `%#v` string quoting. The assembler accepts exactly
 * the numerals go-algorand accepts (base prefixes, underscores) and echoes input the way Go
 * formats it, so these follow Go's documented rules rather than JavaScript's.
 *
 * Strings here are "byte strings": one char per UTF-8 byte (see lexer.ts).
 */

export type ParseFailure = 'syntax' | 'range'
export type ParseResult = { ok: true; value: bigint } | { ok: false; why: ParseFailure }

const lower = (c: string): string => c.toLowerCase()

/** Go's underscoreOK: underscores only between digits (or after a base prefix). */
function underscoreOK(s0: string): boolean {
  let s = s0
  let saw = '^'
  let i = 0
  if (s.length >= 1 && (s[0] === '-' || s[0] === '+')) s = s.slice(1)
  let hex = false
  if (s.length >= 2 && s[0] === '0' && 'box'.includes(lower(s[1]))) {
    i = 2
    saw = '0'
    hex = lower(s[1]) === 'x'
  }
  for (; i < s.length; i++) {
    const c = s[i]
    if ((c >= '0' && c <= '9') || (hex && lower(c) >= 'a' && lower(c) <= 'f')) {
      saw = '0'
      continue
    }
    if (c === '_') {
      if (saw !== '0') return false
      saw = '_'
      continue
    }
    if (saw === '_') return false
    saw = '!'
  }
  return saw !== '_'
}

function digitValue(c: string): number {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48
  const l = lower(c)
  if (l >= 'a' && l <= 'z') return l.charCodeAt(0) - 97 + 10
  return 99
}

/** strconv.ParseUint(s, base, bits); base 0 infers the base from a prefix and allows '_'. */
export function parseUint(s0: string, base: number, bits: number): ParseResult {
  if (s0 === '') return { ok: false, why: 'syntax' }
  const base0 = base === 0
  let s = s0
  if (base0) {
    base = 10
    if (s[0] === '0') {
      const p = s.length >= 3 ? lower(s[1]) : ''
      if (p === 'b') [base, s] = [2, s.slice(2)]
      else if (p === 'o') [base, s] = [8, s.slice(2)]
      else if (p === 'x') [base, s] = [16, s.slice(2)]
      else [base, s] = [8, s.slice(1)]
    }
  }
  const max = (1n << BigInt(bits)) - 1n
  let n = 0n
  let underscores = false
  let overflow = false
  for (const c of s) {
    if (c === '_' && base0) {
      underscores = true
      continue
    }
    const d = digitValue(c)
    if (d >= base) return { ok: false, why: 'syntax' }
    n = n * BigInt(base) + BigInt(d)
    if (n > max) overflow = true
  }
  if (underscores && !underscoreOK(s0)) return { ok: false, why: 'syntax' }
  if (overflow) return { ok: false, why: 'range' }
  return { ok: true, value: n }
}

/** strconv.ParseInt(s, base, bits): an optional sign, then ParseUint's rules. */
export function parseInt(s: string, base: number, bits: number): ParseResult {
  if (s === '') return { ok: false, why: 'syntax' }
  let neg = false
  let body = s
  if (s[0] === '+' || s[0] === '-') {
    neg = s[0] === '-'
    body = s.slice(1)
  }
  const u = parseUint(body, base, 64)
  if (!u.ok) return u
  // Go re-checks underscores against the whole string, sign included; same answer.
  const cutoff = 1n << BigInt(bits - 1)
  if (!neg && u.value >= cutoff) return { ok: false, why: 'range' }
  if (neg && u.value > cutoff) return { ok: false, why: 'range' }
  return { ok: true, value: neg ? -u.value : u.value }
}

/** The text of a strconv.NumError, as `%v` prints it. */
export function numError(fn: 'ParseUint' | 'ParseInt', s: string, why: ParseFailure): string {
  const reason = why === 'range' ? 'value out of range' : 'invalid syntax'
  return `strconv.${fn}: parsing ${goQuote(s)}: ${reason}`
}

/** strconv.ParseBool. */
export function parseBool(s: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return true
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return false
  return undefined
}

const ESCAPES: Readonly<Record<number, string>> = {
  7: '\\a',
  8: '\\b',
  12: '\\f',
  10: '\\n',
  13: '\\r',
  9: '\\t',
  11: '\\v',
  0x22: '\\"',
  0x5c: '\\\\',
}

const hex2 = (b: number): string => b.toString(16).padStart(2, '0')

/** Length of a valid UTF-8 sequence starting at i, or 0. */
function utf8Length(s: string, i: number): number {
  const b0 = s.charCodeAt(i)
  const need = b0 >= 0xf0 && b0 <= 0xf4 ? 4 : b0 >= 0xe0 ? 3 : b0 >= 0xc2 ? 2 : 0
  if (need === 0 || b0 > 0xf4 || i + need > s.length) return 0
  for (let k = 1; k < need; k++) {
    const b = s.charCodeAt(i + k)
    if (b < 0x80 || b > 0xbf) return 0
  }
  const cp = Buffer.from(s.slice(i, i + need), 'latin1')
    .toString('utf8')
    .codePointAt(0)!
  if (cp === 0xfffd || (cp >= 0x80 && cp < 0xa0)) return 0
  return need
}

/** Go's `%#v` / strconv.Quote of a byte string (kept as a byte string). */
export function goQuote(s: string): string {
  let out = '"'
  for (let i = 0; i < s.length;) {
    const b = s.charCodeAt(i)
    if (b < 0x80) {
      const esc = ESCAPES[b]
      if (esc) out += esc
      else if (b < 0x20 || b === 0x7f) out += `\\x${hex2(b)}`
      else out += s[i]
      i++
      continue
    }
    const n = utf8Length(s, i)
    if (n === 0) {
      out += `\\x${hex2(b)}`
      i++
    } else {
      out += s.slice(i, i + n)
      i += n
    }
  }
  return out + '"'
}
