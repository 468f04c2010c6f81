/**
 * The parts of Go's `encoding/json` that json_ref uses after go-algorand has split the object:
 * `json.Unmarshal` of one raw member value into a `string`, a `uint64` or a
 * `map[string]json.RawMessage`, with Go's error texts. Unmarshal first validates the whole input
 * with Go's scanner (so any syntax error wins over a type error), then stores the value.
 */

/** Go's `quoteChar`: how the scanner names an offending byte in its messages. */
export function quoteChar(c: number): string {
  if (c === 0x27) return `'\\''`
  if (c === 0x22) return `'"'`
  return `'${quoteRune(c)}'`
}

const NAMED_ESCAPES: Partial<Record<number, string>> = {
  7: 'a',
  8: 'b',
  9: 't',
  10: 'n',
  11: 'v',
  12: 'f',
  13: 'r',
}

/** strconv.Quote of the one-rune string `string(rune(c))`, without the quotes (c < 256). */
function quoteRune(c: number): string {
  if (c === 0x5c) return '\\\\'
  const name = NAMED_ESCAPES[c]
  if (name !== undefined) return `\\${name}`
  if (c < 0x20 || c === 0x7f) return `\\x${c.toString(16).padStart(2, '0')}`
  // Latin-1 runes 0x80-0xa0 and the soft hyphen are not printable for strconv.
  if ((c >= 0x80 && c <= 0xa0) || c === 0xad) return `\\u${c.toString(16).padStart(4, '0')}`
  return String.fromCharCode(c)
}

/** JSON white space: space, tab, LF, CR (Go's scanner and go-codec agree). */
export const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39
const isHex = (c: number): boolean =>
  isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)

/** Validates `data` as exactly one JSON value, as Go's `checkValid`; returns the error or undefined. */
function checkValid(data: Uint8Array): string | undefined {
  // The scanner's container stack: true for an object, false for an array.
  const stack: boolean[] = []
  let i = 0
  const n = data.length
  const err = (c: number, context: string): string => `invalid character ${quoteChar(c)} ${context}`
  const eof = 'unexpected end of JSON input'
  // Each loop iteration reads one value, then the punctuation after it.
  for (;;) {
    while (i < n && isSpace(data[i])) i++
    if (i >= n) return eof
    let c = data[i]
    if (c === 0x7b || c === 0x5b) {
      const isObject = c === 0x7b
      i++
      while (i < n && isSpace(data[i])) i++
      if (i >= n) return eof
      const close = isObject ? 0x7d : 0x5d
      if (data[i] === close) {
        i++
      } else {
        stack.push(isObject)
        if (isObject) {
          if (data[i] !== 0x22) return err(data[i], 'looking for beginning of object key string')
          const e = scanString()
          if (e !== undefined) return e
          const ek = afterKey()
          if (ek !== undefined) return ek
        }
        continue
      }
    } else if (c === 0x22) {
      const e = scanString()
      if (e !== undefined) return e
    } else if (c === 0x2d || isDigit(c)) {
      const e = scanNumber()
      if (e !== undefined) return e
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      const word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null'
      for (let k = 1; k < word.length; k++) {
        const expected = word.charCodeAt(k)
        const context = `in literal ${word} (expecting ${quoteChar(expected)})`
        if (i + k >= n) return err(0x20, context)
        if (data[i + k] !== expected) return err(data[i + k], context)
      }
      i += word.length
    } else {
      return err(c, 'looking for beginning of value')
    }
    // A value ended: close containers / expect separators.
    for (;;) {
      while (i < n && isSpace(data[i])) i++
      if (stack.length === 0) {
        if (i < n) return err(data[i], 'after top-level value')
        return undefined
      }
      if (i >= n) return eof
      c = data[i]!
      const inObject = stack[stack.length - 1]
      if (c === 0x2c) {
        i++
        if (inObject) {
          while (i < n && isSpace(data[i])) i++
          if (i >= n) return eof
          if (data[i] !== 0x22) return err(data[i], 'looking for beginning of object key string')
          const e = scanString()
          if (e !== undefined) return e
          const ek = afterKey()
          if (ek !== undefined) return ek
        }
        break
      }
      if (c === (inObject ? 0x7d : 0x5d)) {
        i++
        stack.pop()
        continue
      }
      return err(c, inObject ? 'after object key:value pair' : 'after array element')
    }
  }

  /** After an object key: the colon. */
  function afterKey(): string | undefined {
    while (i < n && isSpace(data[i])) i++
    if (i >= n) return eof
    if (data[i] !== 0x3a) return err(data[i], 'after object key')
    i++
    return undefined
  }

  /** A string literal starting at data[i] (the quote). */
  function scanString(): string | undefined {
    i++
    for (;;) {
      if (i >= n) return eof
      const c = data[i++]
      if (c === 0x22) return undefined
      if (c < 0x20) return err(c, 'in string literal')
      if (c !== 0x5c) continue
      // Inside an escape, the end of input reads as a space, which the escape rejects.
      const e = i < n ? data[i++] : 0x20
      if (e === 0x75) {
        for (let k = 0; k < 4; k++) {
          const h = i < n ? data[i++] : 0x20
          if (!isHex(h)) return err(h, 'in \\u hexadecimal character escape')
        }
      } else if (!'bfnrt\\/"'.includes(String.fromCharCode(e))) {
        return err(e, 'in string escape code')
      }
    }
  }

  /** A number starting at data[i]; at the end of input the scanner sees a space. */
  function scanNumber(): string | undefined {
    const at = (): number => (i < n ? data[i] : 0x20)
    if (data[i] === 0x2d) {
      i++
      if (!isDigit(at())) return err(at(), 'in numeric literal')
    }
    if (data[i] === 0x30) i++
    else while (i < n && isDigit(data[i])) i++
    if (i < n && data[i] === 0x2e) {
      i++
      if (!isDigit(at())) return err(at(), 'after decimal point in numeric literal')
      while (i < n && isDigit(data[i])) i++
    }
    if (i < n && (data[i] === 0x65 || data[i] === 0x45)) {
      i++
      if (i < n && (data[i] === 0x2b || data[i] === 0x2d)) i++
      if (!isDigit(at())) return err(at(), 'in exponent of numeric literal')
      while (i < n && isDigit(data[i])) i++
    }
    return undefined
  }
}

/** Go's utf8.DecodeRune: [rune, width], with [0xfffd, 1] for any invalid or truncated sequence. */
function decodeRune(b: Uint8Array, i: number): [number, number] {
  const c0 = b[i]
  if (c0 < 0x80) return [c0, 1]
  const cont = (k: number, lo = 0x80, hi = 0xbf): number => {
    if (i + k >= b.length) return -1
    const c = b[i + k]
    return c >= lo && c <= hi ? c & 0x3f : -1
  }
  if (c0 >= 0xc2 && c0 <= 0xdf) {
    const c1 = cont(1)
    if (c1 >= 0) return [((c0 & 0x1f) << 6) | c1, 2]
  } else if (c0 >= 0xe0 && c0 <= 0xef) {
    const c1 = cont(1, c0 === 0xe0 ? 0xa0 : 0x80, c0 === 0xed ? 0x9f : 0xbf)
    const c2 = c1 >= 0 ? cont(2) : -1
    if (c2 >= 0) return [((c0 & 0x0f) << 12) | (c1 << 6) | c2, 3]
  } else if (c0 >= 0xf0 && c0 <= 0xf4) {
    const c1 = cont(1, c0 === 0xf0 ? 0x90 : 0x80, c0 === 0xf4 ? 0x8f : 0xbf)
    const c2 = c1 >= 0 ? cont(2) : -1
    const c3 = c2 >= 0 ? cont(3) : -1
    if (c3 >= 0) return [((c0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3, 4]
  }
  return [0xfffd, 1]
}

function pushUtf8(out: number[], r: number): void {
  if (r < 0x80) out.push(r)
  else if (r < 0x800) out.push(0xc0 | (r >> 6), 0x80 | (r & 0x3f))
  else if (r < 0x10000) out.push(0xe0 | (r >> 12), 0x80 | ((r >> 6) & 0x3f), 0x80 | (r & 0x3f))
  else {
    out.push(
      0xf0 | (r >> 18),
      0x80 | ((r >> 12) & 0x3f),
      0x80 | ((r >> 6) & 0x3f),
      0x80 | (r & 0x3f),
    )
  }
}

/** The \uXXXX escape at b[i] ('\\' at i), or -1. */
function getu4(b: Uint8Array, i: number): number {
  if (b[i] !== 0x5c || b[i + 1] !== 0x75 || i + 6 > b.length) return -1
  const text = String.fromCharCode(b[i + 2], b[i + 3], b[i + 4], b[i + 5])
  return /^[0-9a-fA-F]{4}$/.test(text) ? parseInt(text, 16) : -1
}

/** The one-letter escapes and the byte each stands for (others stand for themselves). */
const SIMPLE_ESCAPES: Partial<Record<number, number>> = {
  0x62: 8,
  0x66: 12,
  0x6e: 10,
  0x72: 13,
  0x74: 9,
}

/**
 * Go's `unquote` of a validated string literal starting at b[start]: escapes decoded, surrogate
 * pairs combined, lone surrogates and invalid UTF-8 replaced by U+FFFD.
 */
function unquote(b: Uint8Array, start: number): Uint8Array {
  const out: number[] = []
  let i = start + 1
  for (;;) {
    const c = b[i]
    if (c === 0x22) break
    if (c === 0x5c) {
      const e = b[i + 1]
      if (e === 0x75) {
        let r = getu4(b, i)
        i += 6
        if (r >= 0xd800 && r < 0xe000) {
          const r2 = getu4(b, i)
          if (r < 0xdc00 && r2 >= 0xdc00 && r2 < 0xe000) {
            pushUtf8(out, 0x10000 + ((r - 0xd800) << 10) + (r2 - 0xdc00))
            i += 6
            continue
          }
          r = 0xfffd
        }
        pushUtf8(out, r)
        continue
      }
      out.push(SIMPLE_ESCAPES[e] ?? e)
      i += 2
      continue
    }
    if (c < 0x80) {
      out.push(c)
      i++
      continue
    }
    const [r, width] = decodeRune(b, i)
    if (width === 1) pushUtf8(out, r)
    else for (let k = 0; k < width; k++) out.push(b[i + k])
    i += width
  }
  return Uint8Array.from(out)
}

export type JsonTarget = 'string' | 'uint64' | 'object'

const GO_TYPES: Record<JsonTarget, string> = {
  string: 'string',
  uint64: 'uint64',
  object: 'map[string]json.RawMessage',
}

/**
 * json.Unmarshal(raw, &v) for v of the target's Go type. Returns the stored value (the raw text
 * itself for an object) or Go's error message.
 */
export function unmarshal(raw: Uint8Array, target: JsonTarget): Uint8Array | bigint | string {
  const invalid = checkValid(raw)
  if (invalid !== undefined) return invalid
  let i = 0
  while (isSpace(raw[i])) i++
  const c = raw[i]
  const typeError = (what: string): string =>
    `json: cannot unmarshal ${what} into Go value of type ${GO_TYPES[target]}`
  // A JSON null leaves the Go value at its zero value, without error.
  if (c === 0x6e) return target === 'uint64' ? 0n : target === 'string' ? new Uint8Array(0) : raw
  if (c === 0x7b) return target === 'object' ? raw : typeError('object')
  if (c === 0x5b) return typeError('array')
  if (c === 0x74 || c === 0x66) return typeError('bool')
  if (c === 0x22) return target === 'string' ? unquote(raw, i) : typeError('string')
  // A number: only uint64 takes one, and only in ParseUint's syntax and range.
  if (target !== 'uint64') return typeError('number')
  let end = i
  while (end < raw.length && !isSpace(raw[end])) end++
  const text = String.fromCharCode(...raw.subarray(i, end))
  if (!/^[0-9]+$/.test(text) || BigInt(text) > 0xffffffffffffffffn) {
    return typeError(`number ${text}`)
  }
  return BigInt(text)
}
