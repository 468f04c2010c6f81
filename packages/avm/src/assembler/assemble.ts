/**
 * TEAL source to bytecode, statement by statement as go-algorand's OpStream.assemble does:
 * directives, labels, opcode lookup, type tracking, then constant-block optimisation, branch
 * resolution and the version/cblock prefix. Never throws: every problem is a SourceError.
 */
import { programAddress } from '../encoding/address.js'
import {
  MAX_VERSION,
  ASSEMBLER_DEFAULT_VERSION,
  BACK_BRANCH_VERSION,
  OPTIMIZE_CONSTANTS_VERSION,
} from '../spec/versions.js'
import { optimizeConstants, prependCBlocks } from './constants.js'
import { directive, recheckMacroNames } from './directives.js'
import {
  fromByteString,
  MAX_LINE_BYTES,
  nextStatement,
  splitLines,
  toByteString,
  tokensFromLine,
  type Token,
} from './lexer.js'
import { goQuote as goQuoteLabel } from './goparse.js'
import { getSpec, pseudoTable } from './pseudo.js'
import { finalizeSalt } from './salt.js'
import { buildSourceMap, type SourceMap } from './sourcemap.js'
import { typesOverlap, type StackType } from '../spec/types.js'
import { NO_VERSION, OpStream, tokenError, type SourceError } from './state.js'

export interface AssembleOptions {
  /** Version used when the source has no `#pragma version` (go-algorand's default is 1). */
  defaultVersion?: number
  /** Assemble as exactly this version, as go's AssembleStringWithVersion: a differing pragma is an error. */
  version?: number
}

export interface PcLocation {
  pc: number
  /** 1-based line. */
  line: number
  /** 0-based byte column. */
  column: number
}

export type AssembleResult =
  | {
      ok: true
      program: Uint8Array
      version: number
      /** The logic-sig address of the program. */
      hash: string
      sourceMap: SourceMap
      pcToLine: PcLocation[]
      warnings: SourceError[]
    }
  | { ok: false; errors: SourceError[]; warnings: SourceError[] }

/** `line:col: message`, or `line: message` when the column is 0 (go-algorand's format). */
export function formatError(e: SourceError): string {
  return e.column !== 0 ? `${e.line}:${e.column}: ${e.message}` : `${e.line}: ${e.message}`
}

const DEADENING = new Set(['b', 'callsub', 'retsub', 'err', 'return'])

function reJoin(instruction: string, args: readonly Token[]): string {
  return [instruction, ...args.map((t) => t.str)].join(' ')
}

/** Checks the stack has `args`, then pushes `returns` (go's trackStack). */
function trackStack(
  ops: OpStream,
  args: readonly StackType[],
  returns: readonly StackType[],
  instruction: string,
  tokens: readonly Token[],
): void {
  const known = ops.known
  if (known.deadcode) return
  const typeError = (message: string) => {
    if (ops.typeTracking) ops.record(tokenError(tokens[0], message))
  }
  const what = reJoin(instruction, tokens.slice(1))
  if (args.length > known.stack.length && known.bottom.avm === 'none') {
    typeError(
      `${what} expects ${args.length} stack arguments but stack height is ${known.stack.length}`,
    )
  } else {
    for (let i = args.length - 1; i >= 0; i--) {
      const want = args[i]
      const have = known.pop()
      if (!typesOverlap(have, want))
        typeError(`${what} arg ${i} wanted type ${want.name} got ${have.name}`)
    }
  }
  known.push(...returns)
}

function statement(ops: OpStream, input: Token[]): void {
  let current = input
  if (ops.version === NO_VERSION) {
    ops.version = ops.defaultVersion
    recheckMacroNames(ops)
  }
  ops.pseudoTable ??= pseudoTable(ops.version)
  const first = current[0]
  if (first.str.endsWith(':')) {
    const name = first.str.slice(0, -1)
    if (ops.macros.has(name)) {
      ops.record(tokenError(first, `Cannot create label with same name as macro: ${name}`))
    } else {
      if (ops.labels.has(name))
        ops.record(tokenError(first, `duplicate label ${goQuoteLabel(name)}`))
      ops.labels.set(name, ops.pending.length)
      ops.known.label()
    }
    current = current.slice(1)
    if (current.length === 0) return
  }
  const mnemonic = current[0]
  const args = current.slice(1)
  const found = getSpec(ops, mnemonic, args.length)
  if (!found) return
  const { spec, expandedName } = found
  ops.offsetToSource.set(ops.pending.length, { line: mnemonic.line - 1, column: mnemonic.col })
  if (spec.appOnly) ops.hasStatefulOps = true
  let argTypes = spec.args
  let returnTypes = spec.returns
  if (spec.refine) {
    const r = spec.refine(ops.known, args)
    if (r.error !== undefined && ops.typeTracking) ops.record(tokenError(mnemonic, r.error))
    if (r.args) argTypes = r.args
    if (r.returns) returnTypes = r.returns
  }
  trackStack(ops, argTypes, returnTypes, expandedName, current)
  const err = spec.asm(ops, spec, mnemonic, args)
  if (err) ops.record(err)
  if (DEADENING.has(spec.name)) ops.known.deaden()
  // retsub comes back to the instruction after callsub, so it is an entry point like a label.
  if (spec.name === 'callsub') ops.known.label()
}

function resolveLabels(ops: OpStream): void {
  const reported = new Set<string>()
  for (const ref of ops.labelReferences) {
    const name = ref.label.str
    const dest = ops.labels.get(name)
    if (dest === undefined) {
      if (!reported.has(name)) {
        ops.record(tokenError(ref.label, `reference to undefined label ${goQuoteLabel(name)}`))
      }
      reported.add(name)
      continue
    }
    // v1 programs may not jump to the very end.
    if (ops.version <= 1 && dest === ops.pending.length) {
      ops.record(tokenError(ref.label, `label ${goQuoteLabel(name)} is too far away`))
    }
    if (ops.gateVersion < BACK_BRANCH_VERSION && dest < ref.offsetPosition) {
      const message = `label ${goQuoteLabel(name)} is a back reference, back jump support was introduced in v4`
      ops.record(tokenError(ref.label, message))
      continue
    }
    const jump = dest - ref.offsetPosition
    if (jump > 0x7fff || jump < -0x8000) {
      ops.record(tokenError(ref.label, `label ${goQuoteLabel(name)} is too far away`))
      continue
    }
    ops.pending[ref.position] = (jump >> 8) & 0xff
    ops.pending[ref.position + 1] = jump & 0xff
  }
}

function parseText(ops: OpStream, text: string): void {
  if (ops.version > MAX_VERSION && ops.version !== NO_VERSION) {
    ops.record({ line: 0, column: 0, message: `Can not assemble version ${ops.version}` })
    return
  }
  if (text.trim() === '') {
    ops.record({ line: 0, column: 0, message: 'Cannot assemble empty program text' })
    return
  }
  for (const line of splitLines(toByteString(text))) {
    if (line.length >= MAX_LINE_BYTES) {
      ops.record({ line: ops.sourceLine, column: 0, message: 'line too long' })
      break
    }
    ops.sourceLine++
    const tokens = tokensFromLine(line, ops.sourceLine)
    if (tokens.length > 0 && tokens[0].str.startsWith('#')) {
      directive(ops, tokens)
      continue
    }
    let [current, next] = nextStatement(ops.macros, tokens)
    while (current.length > 0 || next.length > 0) {
      if (current.length > 0) statement(ops, current)
      ;[current, next] = nextStatement(ops.macros, next)
    }
  }
  if (ops.gateVersion >= OPTIMIZE_CONSTANTS_VERSION && ops.version !== NO_VERSION) {
    optimizeConstants(ops)
  }
  resolveLabels(ops)
}

/** Go's strings.TrimSpace uses Unicode White_Space; JS trim is close enough for this check. */
export function assemble(source: string, options: AssembleOptions = {}): AssembleResult {
  try {
    return assembleUnsafe(source, options)
  } catch (e) {
    // A defect in the assembler must not escape to callers: report it as an error instead.
    const message = `internal assembler error: ${e instanceof Error ? e.message : String(e)}`
    return { ok: false, errors: [{ line: 0, column: 0, message }], warnings: [] }
  }
}

function assembleUnsafe(source: string, options: AssembleOptions): AssembleResult {
  const initial = options.version ?? NO_VERSION
  const ops = new OpStream(initial)
  ops.defaultVersion = options.defaultVersion ?? ASSEMBLER_DEFAULT_VERSION
  parseText(ops, source)
  let program: Uint8Array | undefined
  let prefixLength = 0
  if (ops.errors.length === 0) {
    const done = finalizeSalt(ops, prependCBlocks(ops))
    if ('error' in done) ops.record(done.error)
    else ({ program, prefixLength } = done)
  }
  const fix = (e: SourceError): SourceError => ({ ...e, message: fromByteString(e.message) })
  const warnings = ops.warnings.map(fix)
  if (ops.errors.length > 0 || !program) return { ok: false, errors: ops.errors.map(fix), warnings }
  const locations = new Map<number, { line: number; column: number }>()
  for (const [pc, loc] of ops.offsetToSource) locations.set(pc + prefixLength, loc)
  const pcToLine = [...locations]
    .sort((a, b) => a[0] - b[0])
    .map(([pc, loc]) => ({ pc, line: loc.line + 1, column: loc.column }))
  return {
    ok: true,
    program,
    version: ops.version,
    hash: programAddress(program),
    sourceMap: buildSourceMap(locations),
    pcToLine,
    warnings,
  }
}
