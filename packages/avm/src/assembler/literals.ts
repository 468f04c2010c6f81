/**
 * Byte-string literals as go-algorand's assembler parses them (parseBinaryArgs,
 * parseStringLiteral): `0x..` hex, `base64 ..`/`b64 ..`, `base64(..)`/`b64(..)`, the base32
 * equivalents, and double-quoted strings with \n \r \t \\ \" \xHH escapes.
 */
import { decodeBase32 } from '../encoding/base32.js'
import { decodeBase64 } from '../encoding/base64.js'
import type { Token } from './lexer.js'

/** Bytes are kept as byte strings (one char per byte) until emitted. */
export type BinaryArg =
  { ok: true; value: string; consumed: number } | { ok: false; consumed: number; message: string }

const asByteString = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1')

/** Go tries unpadded base32 first, then padded; the first error is the one reported. */
function base32AnyPadding(text: string): { value?: string; error?: string; offset?: number } {
  const bare = decodeBase32(text, false)
  if (bare.ok) return { value: asByteString(bare.bytes) }
  const padded = decodeBase32(text, true)
  if (padded.ok) return { value: asByteString(padded.bytes) }
  return { error: bare.error.message, offset: bare.error.offset }
}

function base64Std(text: string): { value?: string; error?: string; offset?: number } {
  const r = decodeBase64(text)
  return r.ok
    ? { value: asByteString(r.bytes) }
    : { error: r.error.message, offset: r.error.offset }
}

function parenForm(
  arg: string,
  decode: (t: string) => { value?: string; error?: string; offset?: number },
  kind: string,
): BinaryArg {
  const open = arg.indexOf('(')
  const close = arg.indexOf(')')
  if (close === -1) {
    return { ok: false, consumed: 0, message: `argument ${arg} lacks closing parenthesis` }
  }
  if (close !== arg.length - 1) {
    return {
      ok: false,
      consumed: 0,
      message: `argument ${arg} must end at first closing parenthesis`,
    }
  }
  const r = decode(arg.slice(open + 1, close))
  if (r.value !== undefined) return { ok: true, value: r.value, consumed: 1 }
  // Go shifts the offset so that it points into the whole token.
  return {
    ok: false,
    consumed: 0,
    message: `illegal ${kind} data at input byte ${r.offset! + open + 1}`,
  }
}

const isHexDigit = (c: string): boolean => /^[0-9a-fA-F]$/.test(c)

/** Go's hex.DecodeString, with its error texts (the first bad byte wins over odd length). */
function decodeHex(s: string): { value?: string; error?: string } {
  for (const c of s) {
    if (!isHexDigit(c)) return { error: `encoding/hex: invalid byte: ${goUnicodeVerb(c)}` }
  }
  if (s.length % 2 === 1) return { error: 'encoding/hex: odd length hex string' }
  return { value: Buffer.from(s, 'hex').toString('latin1') }
}

/** Go's %#U of a byte taken as a rune, e.g. U+0067 'g' (as a byte string). */
function goUnicodeVerb(c: string): string {
  const b = c.charCodeAt(0)
  const code = `U+${b.toString(16).toUpperCase().padStart(4, '0')}`
  const printable = (b >= 0x20 && b < 0x7f) || b >= 0xa1
  if (!printable) return code
  return `${code} '${Buffer.from(String.fromCharCode(b), 'utf8').toString('latin1')}'`
}

/** Parses one byte literal from the front of `args`; reports tokens consumed. */
export function parseBinaryArgs(args: readonly Token[]): BinaryArg {
  const arg = args[0].str
  if (arg.startsWith('base32(') || arg.startsWith('b32(')) {
    return parenForm(arg, base32AnyPadding, 'base32')
  }
  if (arg.startsWith('base64(') || arg.startsWith('b64(')) {
    return parenForm(arg, base64Std, 'base64')
  }
  if (arg.startsWith('0x')) {
    const r = decodeHex(arg.slice(2))
    if (r.value === undefined) return { ok: false, consumed: 0, message: r.error! }
    return { ok: true, value: r.value, consumed: 1 }
  }
  if (arg === 'base32' || arg === 'b32' || arg === 'base64' || arg === 'b64') {
    if (args.length < 2) {
      return { ok: false, consumed: 0, message: `${arg} needs byte literal argument` }
    }
    const r = arg.endsWith('32') ? base32AnyPadding(args[1].str) : base64Std(args[1].str)
    // consumed 1 so that the literal itself, not the keyword, is blamed.
    if (r.value === undefined) return { ok: false, consumed: 1, message: r.error! }
    return { ok: true, value: r.value, consumed: 2 }
  }
  if (arg.length > 1 && arg.startsWith('"') && arg.endsWith('"')) {
    const r = parseStringLiteral(arg)
    if (r.value === undefined) return { ok: false, consumed: 0, message: r.error! }
    return { ok: true, value: r.value, consumed: 1 }
  }
  return { ok: false, consumed: 0, message: `arg did not parse: ${arg}` }
}

/** A double-quoted literal with go-algorand's escapes. */
export function parseStringLiteral(input: string): { value?: string; error?: string } {
  const end = input.length - 1
  if (input[0] !== '"' || input[end] !== '"') return { error: 'no quotes' }
  let escape = false
  let hexSeq = false
  let out = ''
  let pos = 1
  while (pos < end) {
    let ch = input[pos]
    if (ch === '\\' && !escape) {
      if (hexSeq) return { error: 'escape sequence inside hex number' }
      escape = true
      pos++
      continue
    }
    if (escape) {
      escape = false
      const simple = new Map([
        ['n', '\n'],
        ['r', '\r'],
        ['t', '\t'],
        ['\\', '\\'],
        ['"', '"'],
      ])
      if (ch === 'x') {
        hexSeq = true
        pos++
        continue
      }
      const mapped = simple.get(ch)
      if (mapped === undefined) return { error: `invalid escape sequence \\${ch}` }
      ch = mapped
    }
    if (hexSeq) {
      hexSeq = false
      if (pos >= input.length - 2) return { error: 'non-terminated hex sequence' }
      const pair = input.slice(pos, pos + 2)
      if (!/^[0-9a-fA-F]{2}$/.test(pair)) {
        return { error: `strconv.ParseUint: parsing "${pair}": invalid syntax` }
      }
      ch = String.fromCharCode(Number.parseInt(pair, 16))
      pos++
    }
    out += ch
    pos++
  }
  if (escape || hexSeq) return { error: 'non-terminated escape sequence' }
  return { value: out }
}
