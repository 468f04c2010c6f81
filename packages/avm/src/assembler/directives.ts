/**
 * `#pragma` and `#define` directives, with go-algorand's rules: `#pragma version` only before
 * any instruction and never changing an already-set version; macro names must not collide with
 * opcodes, fields, pseudo-ops, named constants or labels of the version in force.
 */
import { opTable } from '../spec/opcodes.js'
import { MAX_VERSION } from '../spec/versions.js'
import { fieldNamesOf } from './fields.js'
import { goQuote, parseBool, parseUint } from './goparse.js'
import { fromByteString, type Token } from './lexer.js'
import { namedIntConstant } from './named.js'
import { NO_VERSION, tokenError, type OpStream, type SourceError } from './state.js'

const PSEUDO_OP_NAMES: ReadonlySet<string> = new Set([
  'int',
  'byte',
  'addr',
  'method',
  'txn',
  'gtxn',
  'gtxns',
  'extract',
  'replace',
])

const OTHER_ALLOWED = new Set('+-*/^%&|~!><=?_')

function checkMacroName(
  name: string,
  version: number,
  labels: ReadonlyMap<string, number>,
): string | undefined {
  // Go walks runes of the UTF-8 text; invalid bytes become U+FFFD, which is not allowed.
  const runes = Array.from(fromByteString(name))
  for (const r of runes) {
    if (!/\p{L}|\p{Nd}/u.test(r) && !OTHER_ALLOWED.has(r)) {
      return `${r} character not allowed in macro name`
    }
  }
  const isDigit = (r: string | undefined) => r !== undefined && /\p{Nd}/u.test(r)
  if (isDigit(runes[0])) return `Cannot begin macro name with number: ${name}`
  if (name.length > 1 && (runes[0] === '-' || runes[0] === '+') && isDigit(runes[1])) {
    return `Cannot begin macro name with number: ${name}`
  }
  if (name === 'b64' || name === 'base64' || name === 'b32' || name === 'base32') {
    return `Cannot use ${name} as macro name`
  }
  if (namedIntConstant(name) !== undefined) {
    return `Named constants cannot be used as macro names: ${name}`
  }
  if (PSEUDO_OP_NAMES.has(name)) return `Macro names cannot be pseudo-ops: ${name}`
  if (version !== NO_VERSION) {
    if (opTable(Math.max(1, version)).byName.has(name)) {
      return `Macro names cannot be opcodes: ${name}`
    }
    if (fieldNamesOf(Math.max(1, version)).has(name)) {
      return `Macro names cannot be field names: ${name}`
    }
  }
  if (labels.has(name)) return `Labels cannot be used as macro names: ${name}`
  return undefined
}

/** Once the version is known, macros defined before it are checked again. */
export function recheckMacroNames(ops: OpStream): boolean {
  let errored = false
  for (const [name, tokens] of [...ops.macros]) {
    const err = checkMacroName(name, ops.version, ops.labels)
    if (err !== undefined) {
      ops.record(tokenError(tokens[0], err))
      ops.macros.delete(name)
      errored = true
    }
  }
  return !errored
}

/** A chain of expansions that returns to `macro`, if any. */
function cycle(ops: OpStream, macro: Token, previous: string[]): string[] | undefined {
  const replacement = ops.macros.get(macro.str)
  if (!replacement) return undefined
  if (previous.length > 0 && macro.str === previous[0]) return [...previous, macro.str]
  for (const repl of replacement.slice(1)) {
    const found = cycle(ops, repl, [...previous, macro.str])
    if (found) return found
  }
  return undefined
}

function define(ops: OpStream, tokens: readonly Token[]): SourceError | undefined {
  if (tokens[0].str !== '#define') return tokenError(tokens[0], `invalid syntax: ${tokens[0].str}`)
  if (tokens.length < 3) {
    return tokenError(tokens[tokens.length - 1], 'define directive requires a name and body')
  }
  const name = tokens[1].str
  const err = checkMacroName(name, ops.version, ops.labels)
  if (err !== undefined) return tokenError(tokens[1], err)
  const saved = ops.macros.get(name)
  ops.macros.set(name, tokens.slice(1))
  const found = cycle(ops, tokens[1], [])
  if (found) {
    if (saved) ops.macros.set(name, saved)
    else ops.macros.delete(name)
    return tokenError(tokens[1], `macro expansion cycle discovered: ${found.join(' -> ')}`)
  }
  return undefined
}

const extra = (tokens: readonly Token[]): string =>
  tokens
    .slice(3)
    .map((t) => ` ${t.str}`)
    .join('')

function pragma(ops: OpStream, tokens: readonly Token[]): SourceError | undefined {
  const t0 = tokens[0]
  if (t0.str !== '#pragma') return tokenError(t0, `invalid syntax: ${t0.str}`)
  if (tokens.length < 2) return tokenError(t0, 'empty pragma')
  const key = tokens[1].str
  if (key === 'version') {
    if (tokens.length < 3) return tokenError(tokens[1], 'no version value')
    const value = tokens[2]
    if (tokens.length > 3) return tokenError(tokens[3], `unexpected extra tokens:${extra(tokens)}`)
    if (ops.pending.length > 0) {
      return tokenError(t0, '#pragma version is only allowed before instructions')
    }
    const r = parseUint(value.str, 0, 64)
    if (!r.ok) return tokenError(value, `bad #pragma version: ${goQuote(value.str)}`)
    if (r.value > BigInt(MAX_VERSION)) return tokenError(value, `unsupported version: ${r.value}`)
    const ver = Number(r.value)
    if (ops.version === NO_VERSION) {
      ops.version = ver
      if (!recheckMacroNames(ops)) {
        return tokenError(value, 'version is incompatible with defined macros')
      }
      return undefined
    }
    if (ops.version !== ver) {
      return tokenError(
        value,
        `version mismatch: assembling v${ver} with v${ops.version} assembler`,
      )
    }
    return undefined
  }
  if (key === 'typetrack') {
    if (tokens.length < 3) return tokenError(tokens[1], 'no typetrack value')
    const value = tokens[2]
    if (tokens.length > 3) return tokenError(tokens[3], `unexpected extra tokens:${extra(tokens)}`)
    const on = parseBool(value.str)
    if (on === undefined) return tokenError(value, `bad #pragma typetrack: ${goQuote(value.str)}`)
    if (!ops.typeTracking && on) ops.known.reset()
    ops.typeTracking = on
    return undefined
  }
  if (key === 'autosalt') {
    if (tokens.length < 3) return tokenError(tokens[1], 'no autosalt value')
    const value = tokens[2]
    if (tokens.length > 3) return tokenError(tokens[3], `unexpected extra tokens:${extra(tokens)}`)
    if (ops.pending.length > 0) {
      return tokenError(t0, '#pragma autosalt is only allowed before instructions')
    }
    const on = parseBool(value.str)
    if (on === undefined) return tokenError(value, `bad #pragma autosalt: ${goQuote(value.str)}`)
    ops.autoSalt = on ? 'on' : 'off'
    ops.autoSaltToken = t0
    return undefined
  }
  return tokenError(t0, `unsupported pragma directive: ${goQuote(key)}`)
}

/** Handles a line starting with '#'. */
export function directive(ops: OpStream, tokens: readonly Token[]): void {
  const first = tokens[0]
  const name = first.str.slice(1)
  const err =
    name === 'pragma'
      ? pragma(ops, tokens)
      : name === 'define'
        ? define(ops, tokens)
        : tokenError(first, `unknown directive: ${name}`)
  if (err) ops.record(err)
}
