/**
 * How each opcode's immediates are assembled (go-algorand's asm* functions): the default encoder
 * for byte/int8/field immediates, and the special cases (constants, branches, switch, arg, ...).
 */
import { encodeUvarint } from '../encoding/varuint.js'
import { TXN_FIELDS } from '../spec/fields.js'
import { opTable } from '../spec/opcodes.js'
import { writeBytec, writeIntc } from './constants.js'
import { fieldByName } from './fields.js'
import { goQuote, numError, parseInt, parseUint } from './goparse.js'
import type { Token } from './lexer.js'
import { parseBinaryArgs } from './literals.js'
import {
  tokenError,
  tokenErrorAfter,
  type AsmFunc,
  type AsmSpec,
  type OpStream,
  type SourceError,
} from './state.js'

export const MAX_STRING_SIZE = 4096

/** go's checkArgCount: blames the end of the last token, or the first extra one. */
export function checkArgCount(
  name: string,
  mnemonic: Token,
  args: readonly Token[],
  expected: number,
): SourceError | undefined {
  const offered = args.length
  if (offered === expected) return undefined
  const all = [mnemonic, ...args]
  const last = all[offered]
  let line = last.line
  let column = last.col + last.str.length
  if (offered > expected) {
    line = all[expected + 1].line
    column = all[expected + 1].col
  }
  const what = expected === 1 ? '1 immediate argument' : `${expected} immediate arguments`
  return { line, column, message: `${name} expects ${what}` }
}

/** An immediate that must be 0..255 (go's byteImm). */
function byteImm(value: string, label: string): { value?: number; error?: string } {
  const r = parseUint(value, 0, 64)
  if (!r.ok) return { error: `unable to parse ${label} ${goQuote(value)} as integer` }
  if (r.value > 255n) return { error: `${label} beyond 255: ${r.value}` }
  return { value: Number(r.value) }
}

function int8Imm(value: string, label: string): { value?: number; error?: string } {
  const r = parseInt(value, 10, 8)
  if (!r.ok) return { error: `unable to parse ${label} ${goQuote(value)} as int8` }
  return { value: Number(r.value) & 0xff }
}

/** "1 immediate", "2 immediates", "no immediates", or "1 or 2 immediates". */
export function joinIntsOnOr(singular: string, list: number[]): string {
  if (list.length === 1) {
    const n = list[0]
    if (n === 0) return `no ${singular}s`
    if (n === 1) return `1 ${singular}`
    return `${n} ${singular}s`
  }
  const sorted = [...list].sort((a, b) => a - b)
  return `${sorted.join(' or ')} ${singular}s`
}

/** go's ops.returns: a field's type replaces the first `any` among the op's results. */
function refineReturns(ops: OpStream, spec: AsmSpec, fieldType: AsmSpec['returns'][number]) {
  if (ops.known.deadcode) return
  const stack = ops.known.stack
  const start = stack.length - spec.returns.length
  for (let i = Math.max(0, start); i < stack.length; i++) {
    if (stack[i].avm === 'any') {
      stack[i] = fieldType
      return
    }
  }
}

/** go's error for an immediate written where it does not belong but would at `positions`. */
function misplaced(
  spec: AsmSpec,
  arg: Token,
  argCount: number,
  hasPseudos: boolean,
  positions: readonly number[],
): SourceError | undefined {
  if (positions.length === 0) return undefined
  let what = spec.name
  if (hasPseudos) what += ` with ${joinIntsOnOr('immediate', [argCount])}`
  return tokenError(
    arg,
    `${what} can only use ${goQuote(arg.str)} as immediate ${positions.join(' or ')}`,
  )
}

export const asmDefault: AsmFunc = (ops, spec, mnemonic, args) => {
  const countErr = checkArgCount(spec.name, mnemonic, args, spec.imms.length)
  if (countErr) return countErr
  ops.write(spec.opcode)
  const pseudos = ops.pseudoTable?.get(spec.name)
  for (let i = 0; i < spec.imms.length; i++) {
    const imm = spec.imms[i]
    const arg = args[i]
    if (imm.kind === 'int8') {
      const r = int8Imm(arg.str, imm.name.toLowerCase())
      if (r.error !== undefined) return tokenError(arg, `${spec.name} ${r.error}`)
      ops.write(r.value!)
      continue
    }
    if (imm.group) {
      const fs = fieldByName(imm.group, arg.str)
      if (!fs) {
        if (byteImm(arg.str, '').error === undefined) {
          // A number where a field belongs: say which immediates take numbers.
          const positions = spec.imms.flatMap((o, j) =>
            o.kind === 'uint8' && !o.group ? [j + 1] : [],
          )
          const e = misplaced(spec, arg, args.length, pseudos !== undefined, positions)
          if (e) return e
        }
        if (pseudos) {
          const counts: number[] = []
          for (const [n, ps] of pseudos) {
            for (const pi of ps.imms) {
              if (pi.kind === 'uint8' && pi.group && fieldByName(pi.group, arg.str)) counts.push(n)
            }
          }
          if (counts.length > 0) {
            return tokenError(
              arg,
              `${goQuote(arg.str)} field of ${spec.name} can only be used with ${joinIntsOnOr('immediate', counts)}`,
            )
          }
        }
        return tokenError(arg, `${spec.name} unknown field: ${goQuote(arg.str)}`)
      }
      // Refine the type stack first, so it is maintained even if there's a version error.
      if (fs.type.avm === 'uint64' || fs.type.avm === 'bytes') refineReturns(ops, spec, fs.type)
      if (fs.version > ops.gateVersion) {
        return tokenError(
          arg,
          `${spec.name} ${arg.str} field was introduced in v${fs.version}. Missed #pragma version?`,
        )
      }
      ops.write(fs.value)
      continue
    }
    const r = byteImm(arg.str, imm.name.toLowerCase())
    if (r.error !== undefined) {
      if (r.error.includes('unable to parse')) {
        // Perhaps the field was given in a different position.
        const positions = spec.imms.flatMap((o, j) =>
          o.kind === 'uint8' && o.group && fieldByName(o.group, arg.str) ? [j + 1] : [],
        )
        const e = misplaced(spec, arg, args.length, pseudos !== undefined, positions)
        if (e) return e
      }
      return tokenError(arg, `${spec.name} ${r.error}`)
    }
    ops.write(r.value!)
  }
  return undefined
}

/** `intc` / `bytec`: the constant's index, written by `write` (intc_0.. / bytec_0.. if short). */
function asmConstRef(write: (ops: OpStream, index: number) => string | undefined): AsmFunc {
  return (ops, spec, mnemonic, args) => {
    const e = checkArgCount(spec.name, mnemonic, args, 1)
    if (e) return e
    const r = byteImm(args[0].str, 'constant')
    if (r.error !== undefined) return tokenError(args[0], r.error)
    const w = write(ops, r.value!)
    return w === undefined ? undefined : tokenError(args[0], w)
  }
}

const asmIntC = asmConstRef(writeIntc)
const asmByteC = asmConstRef(writeBytec)

export const asmPushInt: AsmFunc = (ops, spec, mnemonic, args) => {
  const e = checkArgCount(spec.name, mnemonic, args, 1)
  if (e) return e
  const r = parseUint(args[0].str, 0, 64)
  if (!r.ok) return tokenError(args[0], `unable to parse ${goQuote(args[0].str)} as integer`)
  ops.write(spec.opcode, ...encodeUvarint(r.value))
  return undefined
}

/** Writes count + uvarints; bad numbers are recorded and written as 0, as go-algorand does. */
function writeIntImmArgs(ops: OpStream, args: readonly Token[]): bigint[] {
  ops.write(...encodeUvarint(BigInt(args.length)))
  return args.map((a) => {
    const r = parseUint(a.str, 0, 64)
    if (!r.ok) ops.record(tokenError(a, numError('ParseUint', a.str, r.why)))
    const v = r.ok ? r.value : 0n
    ops.write(...encodeUvarint(v))
    return v
  })
}

const asmPushInts: AsmFunc = (ops, spec, _mnemonic, args) => {
  ops.write(spec.opcode)
  writeIntImmArgs(ops, args)
  return undefined
}

/** `pushbytes`, and `byte` when it must push; errors use the mnemonic as written. */
export const asmPushBytes: AsmFunc = (ops, spec, mnemonic, args) => {
  if (args.length === 0) {
    return tokenErrorAfter(mnemonic, `${mnemonic.str} needs byte literal argument`)
  }
  const r = parseBinaryArgs(args)
  if (!r.ok) return tokenError(args[r.consumed], `${mnemonic.str} ${r.message}`)
  if (args.length !== r.consumed) {
    return tokenError(args[r.consumed], `${mnemonic.str} with extraneous argument`)
  }
  if (r.value.length > MAX_STRING_SIZE) {
    return tokenError(
      args[0],
      `${mnemonic.str} value is too big (${r.value.length} bytes, limit ${MAX_STRING_SIZE})`,
    )
  }
  ops.write(
    spec.opcode,
    ...encodeUvarint(BigInt(r.value.length)),
    ...Buffer.from(r.value, 'latin1'),
  )
  return undefined
}

/** Parses a list of byte literals and writes count + (length, bytes)...; or an error. */
function writeByteImmArgs(
  ops: OpStream,
  spec: AsmSpec,
  args: readonly Token[],
): { values?: string[]; error?: SourceError } {
  const values: string[] = []
  let rest = args
  while (rest.length > 0) {
    const r = parseBinaryArgs(rest)
    if (!r.ok) return { error: tokenError(rest[0], `${spec.name} ${r.message}`) }
    if (r.value.length > MAX_STRING_SIZE) {
      const message = `${spec.name} arg ${values.length} is too big (${r.value.length} bytes, limit ${MAX_STRING_SIZE})`
      return { error: tokenError(rest[0], message) }
    }
    values.push(r.value)
    rest = rest.slice(r.consumed)
  }
  ops.write(...encodeUvarint(BigInt(values.length)))
  for (const v of values) {
    ops.write(...encodeUvarint(BigInt(v.length)), ...Buffer.from(v, 'latin1'))
  }
  return { values }
}

const asmPushBytess: AsmFunc = (ops, spec, _mnemonic, args) => {
  ops.write(spec.opcode)
  return writeByteImmArgs(ops, spec, args).error
}

const asmIntCBlock: AsmFunc = (ops, spec, mnemonic, args) => {
  ops.write(spec.opcode)
  const values = writeIntImmArgs(ops, args)
  if (!ops.known.deadcode) {
    // An earlier `int` assumed the assembler would build the block.
    if (ops.hasPseudoInt) return tokenError(mnemonic, 'intcblock following int')
    ops.intcRefs = []
    ops.intc = values
    ops.cntIntcBlock++
  }
  return undefined
}

const asmByteCBlock: AsmFunc = (ops, spec, mnemonic, args) => {
  ops.write(spec.opcode)
  const r = writeByteImmArgs(ops, spec, args)
  if (r.error) return r.error
  if (!ops.known.deadcode) {
    if (ops.hasPseudoByte) return tokenError(mnemonic, 'bytecblock following byte/addr/method')
    ops.bytecRefs = []
    ops.bytec = r.values!
    ops.cntBytecBlock++
  }
  return undefined
}

/** `arg 0..3` become arg_0..arg_3. */
const asmArg: AsmFunc = (ops, spec, mnemonic, args) => {
  const e = checkArgCount(spec.name, mnemonic, args, 1)
  if (e) return e
  const r = byteImm(args[0].str, 'argument')
  if (r.error !== undefined) return tokenError(args[0], r.error)
  if (r.value! < 4) {
    const alt = opTable(ops.gateVersion).byName.get(`arg_${r.value}`)!
    return asmDefault(ops, { ...spec, name: alt.name, opcode: alt.opcode, imms: [] }, mnemonic, [])
  }
  return asmDefault(ops, spec, mnemonic, args)
}

const asmBranch: AsmFunc = (ops, spec, mnemonic, args) => {
  const e = checkArgCount(spec.name, mnemonic, args, 1)
  if (e) return e
  const at = ops.pending.length
  ops.labelReferences.push({ position: at + 1, label: args[0], offsetPosition: at + 3 })
  // The zero offset is patched once every label is known.
  ops.write(spec.opcode, 0, 0)
  return undefined
}

const asmSwitch: AsmFunc = (ops, spec, _mnemonic, args) => {
  if (args.length > 255) {
    return tokenError(args[255], `${spec.name} cannot take more than 255 labels`)
  }
  ops.write(spec.opcode, args.length)
  const end = ops.pending.length + 2 * args.length
  for (const arg of args) {
    ops.labelReferences.push({ position: ops.pending.length, label: arg, offsetPosition: end })
    ops.write(0, 0)
  }
  return undefined
}

const asmSubstring: AsmFunc = (ops, spec, mnemonic, args) => {
  const e = asmDefault(ops, spec, mnemonic, args)
  if (e) return e
  const start = parseUint(args[0].str, 0, 64)
  const end = parseUint(args[1].str, 0, 64)
  if (start.ok && end.ok && end.value < start.value) {
    return tokenError(args[0], 'substring end is before start')
  }
  return undefined
}

/** `itxn F I` is itxna; `gitxn T F I` is gitxna. */
function withArrayForm(arrayName: string, scalarCount: number): AsmFunc {
  return (ops, spec, mnemonic, args) => {
    if (args.length === scalarCount) return asmDefault(ops, spec, mnemonic, args)
    if (args.length === scalarCount + 1) {
      const alt = opTable(ops.gateVersion).byName.get(arrayName)!
      return asmDefault(ops, { ...spec, ...pick(alt) }, mnemonic, args)
    }
    const n = scalarCount
    return tokenError(mnemonic, `${spec.name} expects ${n} or ${n + 1} immediate arguments`)
  }
}

const pick = (s: {
  name: string
  opcode: number
  imms: AsmSpec['imms']
  returns: AsmSpec['returns']
}) => ({
  name: s.name,
  opcode: s.opcode,
  imms: s.imms,
  returns: s.returns,
})

const asmItxn = withArrayForm('itxna', 1)
const asmGitxn = withArrayForm('gitxna', 2)

const asmItxnField: AsmFunc = (ops, spec, mnemonic, args) => {
  const e = checkArgCount(spec.name, mnemonic, args, 1)
  if (e) return e
  const arg = args[0]
  const fs = TXN_FIELDS.byName.get(arg.str)
  if (!fs) return tokenError(arg, `${spec.name} unknown field: ${goQuote(arg.str)}`)
  if (fs.innerVersion === 0)
    return tokenError(arg, `${spec.name} ${goQuote(arg.str)} is not allowed.`)
  if (fs.innerVersion > ops.gateVersion) {
    return tokenError(
      arg,
      `${spec.name} ${arg.str} field was introduced in v${fs.innerVersion}. Missed #pragma version?`,
    )
  }
  ops.write(spec.opcode, fs.value)
  return undefined
}

/** Ops whose assembly is not the default, by name. */
export const ASSEMBLERS: Readonly<Partial<Record<string, AsmFunc>>> = {
  intcblock: asmIntCBlock,
  intc: asmIntC,
  bytecblock: asmByteCBlock,
  bytec: asmByteC,
  arg: asmArg,
  bnz: asmBranch,
  bz: asmBranch,
  b: asmBranch,
  callsub: asmBranch,
  switch: asmSwitch,
  match: asmSwitch,
  substring: asmSubstring,
  pushbytes: asmPushBytes,
  pushint: asmPushInt,
  pushbytess: asmPushBytess,
  pushints: asmPushInts,
  itxn_field: asmItxnField,
  itxn: asmItxn,
  gitxn: asmGitxn,
}
