/**
 * Opcode lookup for one statement (go-algorand's getSpec): pseudo-ops that pick an opcode by
 * immediate count (`txn F` / `txn F I`, `extract` / `extract S L`, ...), the constant pseudo-ops,
 * and good complaints about unknown or too-new opcodes.
 */
import { OP_SPECS, opTable, type OpSpec } from '../spec/opcodes.js'
import { BYTES, UINT64 } from '../spec/types.js'
import { MAX_VERSION } from '../spec/versions.js'
import { ASSEMBLERS, asmDefault, joinIntsOnOr } from './asm.js'
import type { PseudoTable } from './state.js'
import { asmAddr, asmByte, asmInt, asmMethod } from './pseudoconst.js'
import type { Token } from './lexer.js'
import { REFINERS } from './refine.js'
import { asmSpecOf, tokenError, type AsmFunc, type AsmSpec, type OpStream } from './state.js'
import { sameType } from './stack.js'

/** Immediate count meaning "the assembler function checks the count itself". */
const ANY_IMMEDIATES = -1

function toAsmSpec(spec: OpSpec): AsmSpec {
  return asmSpecOf(spec, ASSEMBLERS[spec.name] ?? asmDefault, REFINERS[spec.name])
}

function constantPseudo(name: string, asm: AsmFunc, isBytes: boolean): AsmSpec {
  return {
    name,
    opcode: 0,
    version: 0,
    args: [],
    returns: [isBytes ? BYTES : UINT64],
    imms: [],
    size: 0,
    appOnly: false,
    asm,
    ...(REFINERS[name] ? { refine: REFINERS[name] } : {}),
  }
}

const ALIASES: readonly (readonly [string, Readonly<Record<number, string>>])[] = [
  ['txn', { 1: 'txn', 2: 'txna' }],
  ['gtxn', { 2: 'gtxn', 3: 'gtxna' }],
  ['gtxns', { 1: 'gtxns', 2: 'gtxnsa' }],
  ['extract', { 0: 'extract3', 2: 'extract' }],
  ['replace', { 0: 'replace3', 1: 'replace2' }],
]

/** go's prepareVersionedPseudoTable: an alias too new for `version` uses the newest row. */
export function pseudoTable(version: number): PseudoTable {
  const m = new Map<string, Map<number, AsmSpec>>()
  m.set('int', new Map([[ANY_IMMEDIATES, constantPseudo('int', asmInt, false)]]))
  m.set('byte', new Map([[ANY_IMMEDIATES, constantPseudo('byte', asmByte, true)]]))
  m.set('addr', new Map([[ANY_IMMEDIATES, constantPseudo('addr', asmAddr, true)]]))
  m.set('method', new Map([[ANY_IMMEDIATES, constantPseudo('method', asmMethod, true)]]))
  const table = opTable(Math.max(1, version))
  const newest = opTable(MAX_VERSION)
  for (const [name, targets] of ALIASES) {
    const entries = new Map<number, AsmSpec>()
    for (const [count, target] of Object.entries(targets)) {
      const spec = table.byName.get(target) ?? newest.byName.get(target)!
      entries.set(Number(count), toAsmSpec(spec))
    }
    m.set(name, entries)
  }
  return m
}

/** A stand-in prototype for a pseudo-op given a wrong immediate count (go's mergeProtos). */
function mergeProtos(specs: ReadonlyMap<number, AsmSpec>): AsmSpec | undefined {
  let merged: AsmSpec | undefined
  for (const spec of specs.values()) {
    if (!merged) {
      merged = { ...spec, args: [...spec.args], returns: [...spec.returns] }
      continue
    }
    if (merged.args.length !== spec.args.length || merged.returns.length !== spec.returns.length) {
      return undefined
    }
    const pickAny = (a: AsmSpec['args'], b: AsmSpec['args']) =>
      a.map((t, i) =>
        sameType(t, b[i]) ? t : { name: 'any', avm: 'any' as const, bound: [0n, 0n] as const },
      )
    merged = {
      ...merged,
      version: Math.min(merged.version, spec.version),
      args: pickAny(merged.args, spec.args),
      returns: pickAny(merged.returns, spec.returns),
    }
  }
  return merged && { ...merged, asm: () => undefined, imms: [], refine: undefined }
}

function unknownOpcodeComplaint(name: string, version: number): string {
  const versions = OP_SPECS.filter((s) => s.name === name).map((s) => s.version)
  const first = versions.length > 0 ? Math.min(...versions) : -1
  if (first > version) return `${name} opcode was introduced in v${first}`
  return `unknown opcode: ${name}`
}

export interface Lookup {
  spec: AsmSpec
  /** The name used in type errors ("txn", or "extract without immediates"). */
  expandedName: string
}

export function getSpec(ops: OpStream, mnemonic: Token, argCount: number): Lookup | undefined {
  const name = mnemonic.str
  const pseudos = ops.pseudoTable!.get(name)
  if (pseudos) {
    let pseudo = pseudos.get(argCount) ?? pseudos.get(ANY_IMMEDIATES)
    if (!pseudo) {
      const counts = [...pseudos.keys()]
      ops.record(
        tokenError(mnemonic, `${name} expects ${joinIntsOnOr('immediate argument', counts)}`),
      )
      pseudo = mergeProtos(pseudos)
      if (!pseudo) return undefined
    }
    pseudo = { ...pseudo, name }
    if (pseudo.version > ops.gateVersion) {
      const imms = joinIntsOnOr('immediate', [argCount])
      ops.record(
        tokenError(mnemonic, `${name} opcode with ${imms} was introduced in v${pseudo.version}`),
      )
    }
    return { spec: pseudo, expandedName: argCount === 0 ? `${name} without immediates` : name }
  }
  const spec = opTable(ops.gateVersion).byName.get(name)
  if (!spec) {
    ops.record(tokenError(mnemonic, unknownOpcodeComplaint(name, ops.gateVersion)))
    return undefined
  }
  return { spec: toAsmSpec(spec), expandedName: spec.name }
}
