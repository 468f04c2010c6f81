/**
 * The assembler's running state (go-algorand's OpStream) and the shapes shared by its parts.
 */
import type { Immediate, OpSpec } from '../spec/opcodes.js'
import type { StackType } from '../spec/types.js'
import type { Token } from './lexer.js'
import type { RefineFunc } from './refine.js'
import { ProgramKnowledge } from './stack.js'

export interface SourceError {
  /** 1-based line; 0 for whole-program errors. */
  line: number
  /** 0-based byte column. */
  column: number
  message: string
}

export interface SourceLocation {
  /** 0-based line, as go-algorand records it. */
  line: number
  column: number
}

/** Assembles one statement; returns an error to record, if any. */
export type AsmFunc = (
  ops: OpStream,
  spec: AsmSpec,
  mnemonic: Token,
  args: readonly Token[],
) => SourceError | undefined

/** Pseudo-op assemblers by mnemonic, then by immediate count (see pseudo.ts). */
export type PseudoTable = ReadonlyMap<string, ReadonlyMap<number, AsmSpec>>

/** An opcode (or pseudo-op) as the assembler uses it: the table row plus how to assemble it. */
export interface AsmSpec {
  readonly name: string
  readonly opcode: number
  readonly version: number
  readonly args: readonly StackType[]
  readonly returns: readonly StackType[]
  readonly imms: readonly Immediate[]
  readonly size: number
  readonly appOnly: boolean
  readonly asm: AsmFunc
  readonly refine?: RefineFunc
}

export interface LabelReference {
  /** Where the 2-byte offset goes. */
  position: number
  label: Token
  /** Offsets are relative to this position (the end of the instruction). */
  offsetPosition: number
}

export interface ConstReference<T> {
  value: T
  /** Where the intc/bytec instruction starts in `pending`. */
  position: number
}

/** "No #pragma version yet" (go-algorand's assemblerNoVersion). */
export const NO_VERSION = -1

export function tokenError(t: Token, message: string): SourceError {
  return { line: t.line, column: t.col, message }
}

export function tokenErrorAfter(t: Token, message: string): SourceError {
  return { line: t.line, column: t.col + t.str.length, message }
}

export class OpStream {
  version: number
  errors: SourceError[] = []
  warnings: SourceError[] = []
  pending: number[] = []

  intc: bigint[] = []
  intcRefs: ConstReference<bigint>[] = []
  cntIntcBlock = 0
  hasPseudoInt = false

  bytec: string[] = []
  bytecRefs: ConstReference<string>[] = []
  cntBytecBlock = 0
  hasPseudoByte = false

  known = new ProgramKnowledge()
  typeTracking = true
  sourceLine = 0

  labels = new Map<string, number>()
  labelReferences: LabelReference[] = []
  offsetToSource = new Map<number, SourceLocation>()

  hasStatefulOps = false
  autoSalt: 'default' | 'on' | 'off' = 'default'
  autoSaltToken: Token | undefined
  macros = new Map<string, Token[]>()
  defaultVersion = 1
  pseudoTable: PseudoTable | undefined

  constructor(version: number) {
    this.version = version
  }

  /** Version for comparisons against gates: v0 programs are v1 programs for every rule. */
  get gateVersion(): number {
    return Math.max(1, this.version)
  }

  record(err: SourceError): void {
    this.errors.push(err)
  }

  warn(t: Token, message: string): void {
    this.warnings.push(tokenError(t, message))
  }

  write(...bytes: number[]): void {
    for (const b of bytes) this.pending.push(b & 0xff)
  }
}

/** The fields of an OpSpec an AsmSpec needs, with the assembler behaviour attached. */
export function asmSpecOf(spec: OpSpec, asm: AsmFunc, refine?: RefineFunc): AsmSpec {
  return {
    name: spec.name,
    opcode: spec.opcode,
    version: spec.version,
    args: spec.args,
    returns: spec.returns,
    imms: spec.imms,
    size: spec.size,
    appOnly: spec.modes === 'app',
    asm,
    ...(refine ? { refine } : {}),
  }
}
