/**
 * Bytecode to TEAL, rendered as go-algorand's Disassemble renders it: `#pragma version N`, one
 * instruction per line, `labelN:` at branch targets (a second pass when a target lies behind its
 * branch), constant comments on intc/bytec, and a label before every `proto`. Never throws.
 */
import { encodeAddress } from '../encoding/address.js'
import { decodeUvarint } from '../encoding/varuint.js'
import { opTable, type OpSpec } from '../spec/opcodes.js'
import { MAX_VERSION } from '../spec/versions.js'
import { fieldName } from './fields.js'
import { goQuote } from './goparse.js'

export type DisassembleResult = { ok: true; text: string } | { ok: false; error: string }

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex')

function guessByteFormat(bytes: Uint8Array): string {
  if (bytes.length === 32) return `addr ${encodeAddress(bytes)}`
  if (bytes.every((b) => b >= 32 && b <= 126)) return goQuote(Buffer.from(bytes).toString('latin1'))
  return `0x${hex(bytes)}`
}

class Failure extends Error {}

interface State {
  program: Uint8Array
  pc: number
  labelCount: number
  labels: Map<number, string>
  rerun: boolean
  intc: bigint[]
  bytec: Uint8Array[]
}

function labelFor(dis: State, target: number): string {
  const known = dis.labels.get(target)
  if (known !== undefined) return known
  const label = `label${++dis.labelCount}`
  dis.labels.set(target, label)
  if (target <= dis.pc) dis.rerun = true
  return label
}

const offsetAt = (p: Uint8Array, pos: number): number => (((p[pos] << 8) | p[pos + 1]) << 16) >> 16

function readInts(p: Uint8Array, start: number): [bigint[], number] {
  let pos = start
  const count = decodeUvarint(p, pos)
  if (!count) throw new Failure(`could not decode length of int list at pc=${pos}`)
  pos += count.length
  if (count.value > BigInt(p.length)) throw new Failure('const int list with too many items')
  const values: bigint[] = []
  for (let i = 0n; i < count.value; i++) {
    if (pos >= p.length) throw new Failure('const int list ran past end of program')
    const v = decodeUvarint(p, pos)
    if (!v) throw new Failure(`could not decode int const[${i}] at pc=${pos}`)
    values.push(v.value)
    pos += v.length
  }
  return [values, pos]
}

function readBytes(p: Uint8Array, start: number): [Uint8Array[], number] {
  let pos = start
  const count = decodeUvarint(p, pos)
  if (!count) throw new Failure(`could not decode length of bytes list at pc=${pos}`)
  pos += count.length
  if (count.value > BigInt(p.length)) throw new Failure('const bytes list with too many items')
  const values: Uint8Array[] = []
  for (let i = 0n; i < count.value; i++) {
    if (pos >= p.length) throw new Failure('const bytes list ran past end of program')
    const len = decodeUvarint(p, pos)
    if (!len) throw new Failure(`could not decode []byte const[${i}] at pc=${pos}`)
    pos += len.length
    if (BigInt(pos) + len.value > BigInt(p.length)) {
      throw new Failure('const bytes list ran past end of program')
    }
    values.push(p.slice(pos, pos + Number(len.value)))
    pos += Number(len.value)
  }
  return [values, pos]
}

/** One instruction's text; returns it and the next pc. */
function instruction(dis: State, spec: OpSpec): [string, number] {
  const p = dis.program
  let out = spec.name
  let pc = dis.pc + 1
  for (const imm of spec.imms) {
    out += ' '
    const name = imm.name.toLowerCase()
    switch (imm.kind) {
      case 'uint8':
      case 'int8': {
        if (pc + 1 > p.length) {
          throw new Failure(`program end while reading immediate ${name} for ${spec.name}`)
        }
        const b = p[pc]
        if (imm.group) {
          const field = fieldName(imm.group === 'itxnField' ? 'txn' : imm.group, b)
          const anyTxn = imm.group === 'itxnField' ? fieldName('txna', b) : undefined
          const shown = field ?? anyTxn
          if (shown === undefined) {
            throw new Failure(`invalid immediate ${name} for ${spec.name}: ${b}`)
          }
          out += shown
        } else {
          out += imm.kind === 'uint8' ? `${b}` : `${(b << 24) >> 24}`
        }
        if (spec.name === 'intc' && b < dis.intc.length) out += ` // ${dis.intc[b]}`
        if (spec.name === 'bytec' && b < dis.bytec.length) {
          out += ` // ${guessByteFormat(dis.bytec[b])}`
        }
        pc++
        break
      }
      case 'label': {
        if (pc + 2 > p.length) throw new Failure(`program end while reading label for ${spec.name}`)
        out += labelFor(dis, offsetAt(p, pc) + pc + 2)
        pc += 2
        break
      }
      case 'varuint': {
        const v = decodeUvarint(p, pc)
        if (!v) throw new Failure(`could not decode immediate ${name} for ${spec.name}`)
        out += `${v.value}`
        pc += v.length
        break
      }
      case 'bytes': {
        const len = decodeUvarint(p, pc)
        if (!len) throw new Failure(`could not decode immediate ${name} for ${spec.name}`)
        pc += len.length
        if (BigInt(pc) + len.value > BigInt(p.length)) {
          throw new Failure(`could not decode immediate ${name} for ${spec.name}`)
        }
        const constant = p.slice(pc, pc + Number(len.value))
        out += `0x${hex(constant)} // ${guessByteFormat(constant)}`
        pc += constant.length
        break
      }
      case 'varuints': {
        const [values, next] = readInts(p, pc)
        if (spec.name === 'intcblock') dis.intc = values
        out += values.join(' ')
        pc = next
        break
      }
      case 'bytess': {
        const [values, next] = readBytes(p, pc)
        if (spec.name === 'bytecblock') dis.bytec = values
        out += values.map((v) => `0x${hex(v)}`).join(' ')
        pc = next
        break
      }
      case 'labels': {
        if (pc >= p.length) throw new Failure(`could not decode label count for ${spec.name}`)
        const n = p[pc]
        pc++
        const end = pc + 2 * n
        if (end > p.length) throw new Failure(`could not decode labels for ${spec.name}`)
        const labels: string[] = []
        for (let i = 0; i < n; i++) labels.push(labelFor(dis, end + offsetAt(p, pc + 2 * i)))
        out += labels.join(' ')
        pc = end
        break
      }
    }
  }
  const constIndex = /^(intc|bytec)_(\d)$/.exec(spec.name)
  if (constIndex) {
    const i = Number(constIndex[2])
    if (constIndex[1] === 'intc' && i < dis.intc.length) out += ` // ${dis.intc[i]}`
    if (constIndex[1] === 'bytec' && i < dis.bytec.length) {
      out += ` // ${guessByteFormat(dis.bytec[i])}`
    }
  }
  return [out, pc]
}

function pass(program: Uint8Array, labels: Map<number, string> | undefined): DisassembleResult {
  const version = decodeUvarint(program, 0)
  if (!version) return { ok: true, text: '// invalid version\n' }
  if (version.value > BigInt(MAX_VERSION)) {
    return { ok: true, text: `// unsupported version ${version.value}\n` }
  }
  const table = opTable(Math.max(1, Number(version.value)))
  const dis: State = {
    program,
    pc: version.length,
    labelCount: 0,
    labels: labels ?? new Map<number, string>(),
    rerun: false,
    intc: [],
    bytec: [],
  }
  let body = ''
  const putLabel = () => {
    const label = dis.labels.get(dis.pc)
    if (label !== undefined) body += `${label}:\n`
  }
  while (dis.pc < program.length) {
    putLabel()
    const spec = table.byOpcode[program[dis.pc]]
    if (!spec) {
      const op = program[dis.pc].toString(16).padStart(2, '0')
      return { ok: false, error: `illegal opcode 0x${op}` }
    }
    // A subroutine entry must be labelled for the text to reassemble.
    if (spec.name === 'proto' && !dis.labels.has(dis.pc)) labelFor(dis, dis.pc)
    try {
      const [text, next] = instruction(dis, spec)
      body += `${text}\n`
      dis.pc = next
    } catch (e) {
      if (e instanceof Failure) return { ok: false, error: e.message }
      throw e
    }
  }
  putLabel()
  if (dis.rerun) {
    if (labels) return { ok: false, error: 'rerun even though we had labels' }
    return pass(program, dis.labels)
  }
  return { ok: true, text: `#pragma version ${version.value}\n${body}` }
}

export function disassemble(program: Uint8Array): DisassembleResult {
  try {
    return pass(program, undefined)
  } catch (e) {
    return {
      ok: false,
      error: `internal disassembler error: ${e instanceof Error ? e.message : String(e)}`,
    }
  }
}
