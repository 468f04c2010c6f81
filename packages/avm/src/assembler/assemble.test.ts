import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FIELD_GROUPS, TXN_FIELDS } from '../spec/fields.js'
import { OP_SPECS, type OpSpec } from '../spec/opcodes.js'
import { MAX_VERSION } from '../spec/versions.js'
import { assemble, formatError } from './assemble.js'
import { fieldByName } from './fields.js'

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

function errorsOf(source: string, version?: number) {
  const r = assemble(source, version === undefined ? {} : { version })
  return r.ok ? [] : r.errors
}

/** go's testLine: the line under test sits between two good lines, so it is line 2. */
function expectLineError(line: string, version: number, message: string, column?: number) {
  const errs = errorsOf(`int 1\n${line}\nint 1\n`, version)
  const e = errs.find((x) => x.line === 2 && x.message === message)
  expect(e, `${line}: ${errs.map(formatError).join('; ')}`).toBeDefined()
  if (column !== undefined) expect(e!.column).toBe(column)
}

// Cases and messages from go-algorand assembler_test.go (dd6de88f): TestPragmas,
// TestAssembleArg, TestTypeTracking, TestScratchBounds, TestProtoAsm, TestPushConsts.
describe('#pragma (TestPragmas)', () => {
  it.each([
    ['#pragma version 100', 1, 'unsupported version: 100'],
    ['#pragma version a', 1, 'bad #pragma version: "a"'],
    ['#pramga version 3', 1, 'unknown directive: pramga'],
    [
      '#pragma version 2\n#pragma version 1',
      2,
      'version mismatch: assembling v1 with v2 assembler',
    ],
    ['\nint 1\n#pragma version 2', 3, '#pragma version is only allowed before instructions'],
    ['#pragma run-mode 2', 1, 'unsupported pragma directive: "run-mode"'],
    ['#pragma', 1, 'empty pragma'],
    ['#pragma version', 1, 'no version value'],
    ['#pragma version 5 blah', 1, 'unexpected extra tokens: blah'],
    ['#pragma typetrack blah', 1, 'bad #pragma typetrack: "blah"'],
    ['#pragma version 5; int 1', 1, 'unexpected extra tokens: ; int 1'],
    ['\nint 1\n#pragma autosalt false', 3, '#pragma autosalt is only allowed before instructions'],
  ])('%j fails on line %i', (source, line, message) => {
    const errs = errorsOf(source)
    expect(errs.map((e) => [e.line, e.message])).toContainEqual([line, message])
  })

  it('settles the version from the pragma, the option, or the default', () => {
    for (let v = 0; v <= MAX_VERSION; v++) {
      const r = assemble(`#pragma version ${v}`)
      expect(r.ok && r.version).toBe(v)
    }
    const d = assemble('int 3')
    expect(d.ok && d.program[0]).toBe(1)
    const o = assemble('int 3', { defaultVersion: 8 })
    expect(o.ok && hex(o.program)).toBe('088103')
    expect(errorsOf('#pragma version 2', 1)[0].message).toMatch(/^version mismatch/)
    expect(errorsOf('int 1', 99)).toEqual([
      { line: 0, column: 0, message: 'Can not assemble version 99' },
    ])
    expect(errorsOf('  \n ')[0].message).toBe('Cannot assemble empty program text')
  })
})

describe('errors in the spirit of testLine', () => {
  it('reports immediates, fields and arguments as go-algorand does', () => {
    expectLineError('arg', MAX_VERSION, 'arg expects 1 immediate argument', 3)
    expectLineError('arg x', MAX_VERSION, 'unable to parse argument "x" as integer', 4)
    expectLineError('foo', MAX_VERSION, 'unknown opcode: foo', 0)
    expectLineError('pushint 1', 2, 'pushint opcode was introduced in v3', 0)
    expectLineError('extract 1 2', 4, 'extract opcode with 2 immediates was introduced in v5', 0)
    expectLineError('extract 1', 5, 'extract expects 0 or 2 immediate arguments', 0)
    expectLineError('global Foo', MAX_VERSION, 'global unknown field: "Foo"', 7)
    expectLineError(
      'global GroupID',
      4,
      'global GroupID field was introduced in v5. Missed #pragma version?',
      7,
    )
    expectLineError('frame_dig 200', MAX_VERSION, 'frame_dig unable to parse i "200" as int8', 10)
    expectLineError('substring 4 3', MAX_VERSION, 'substring end is before start', 10)
    expectLineError(
      'itxn_field FirstValid',
      MAX_VERSION,
      'itxn_field "FirstValid" is not allowed.',
      11,
    )
    expectLineError('intc 3', MAX_VERSION, 'intc 3 is not defined', 5)
    expectLineError('int pay x', MAX_VERSION, 'int expects 1 immediate argument', 8)
  })

  it('type checks the stack, resetting at labels and after unconditional branches', () => {
    const first = (s: string, v = MAX_VERSION) => errorsOf(s, v).map(formatError)[0]
    expect(first('+')).toBe('1: + expects 2 stack arguments but stack height is 0')
    expect(first('int 1; byte 0x01; +')).toBe('1:18: + arg 1 wanted type uint64 got [1]byte')
    expect(first('pushints 6 4; concat')).toBe('1:14: concat arg 1 wanted type []byte got uint64')
    expect(first('pushbytess "x" "y"; +')).toBe('1:20: + arg 1 wanted type uint64 got []byte')
    expect(first('byte 0xff; store 1; load 1; return')).toMatch(/return arg 0 wanted type uint64/)
    expect(first('proto 0 0')).toBe('1: proto must be unreachable from previous PC')
    expect(first('itxn_begin; int 1; itxn_field Sender', 5)).toMatch(/wanted type address got 1$/)
    expect(first('byte 0x0000; int 0; byte 0x1234; replace 0')).toBe(
      '1:33: replace 0 arg 0 wanted type []byte got 0',
    )
    // A label after dead code, callsub, and `#pragma typetrack false` all forget what is known.
    expect(errorsOf('b end; label: +; end: b label', MAX_VERSION)).toEqual([])
    expect(errorsOf('callsub A; +; return; A: int 1; int 2; retsub', MAX_VERSION)).toEqual([])
    expect(errorsOf('#pragma typetrack false\n+')).toEqual([])
    expect(errorsOf('b a; int 1; a: proto 0 0', MAX_VERSION)).toEqual([])
  })

  it('rejects back jumps before v4 and jumps to the end in v1', () => {
    expect(errorsOf('a: int 1; bnz a', 3)[0].message).toBe(
      'label "a" is a back reference, back jump support was introduced in v4',
    )
    expect(errorsOf('a: int 1; bnz a', 4)).toEqual([])
    expect(errorsOf('int 1; bnz done; done:', 1)[0].message).toBe('label "done" is too far away')
  })
})

/** Immediates that assemble for `spec` at its own version. */
function sampleImmediates(spec: OpSpec): string[] {
  return spec.imms.map((imm) => {
    if (imm.group) {
      if (imm.group === 'itxnField') {
        return TXN_FIELDS.fields.find((x) => x.innerVersion > 0 && x.innerVersion <= spec.version)!
          .name
      }
      const group = imm.group
      const f = FIELD_GROUPS[group].fields.find(
        (x) => x.version <= spec.version && fieldByName(group, x.name) !== undefined,
      )
      return f!.name
    }
    const kinds: Record<string, string> = {
      uint8: '1',
      int8: '-1',
      label: 'target',
      varuint: '7',
      bytes: '0x01',
      varuints: '1 2',
      bytess: '0x01 0x02',
      labels: 'target target',
    }
    return kinds[imm.kind]
  })
}

describe('version gates: every opcode fails below its version, assembles from it on', () => {
  const firstRows = OP_SPECS.filter((s, i) => OP_SPECS.findIndex((o) => o.name === s.name) === i)
  const PSEUDO_NAMES = new Set(['txn', 'gtxn', 'gtxns', 'extract', 'replace'])
  it.each(firstRows.map((s) => [s.name, s] as const))('%s', (name, spec) => {
    const imms = sampleImmediates(spec).join(' ')
    const prelude =
      name === 'intc' ? 'intcblock 1 2\n' : name === 'bytec' ? 'bytecblock 0x01 0x02\n' : ''
    const source = `#pragma typetrack false\n${prelude}${name} ${imms}\ntarget:\nerr\n`
    for (let v = 1; v <= MAX_VERSION; v++) {
      const r = assemble(source, { version: v })
      if (v >= spec.version) {
        expect(r.ok, `${name} v${v}: ${r.ok ? '' : r.errors.map(formatError).join('; ')}`).toBe(
          true,
        )
      } else {
        expect(r.ok).toBe(false)
        if (r.ok) continue
        const expected = PSEUDO_NAMES.has(name)
          ? `${name} opcode with ${spec.imms.length === 1 ? '1 immediate' : `${spec.imms.length} immediates`} was introduced in v${spec.version}`
          : `${name} opcode was introduced in v${spec.version}`
        expect(r.errors.map((e) => e.message)).toContain(expected)
      }
    }
  })
})

describe('outputs', () => {
  it('computes the logic-sig address and a go-style source map', () => {
    const r = assemble('#pragma version 8\nint 1\n\n  pushint 2\n+')
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(hex(r.program)).toBe('0881018102 08'.replace(' ', ''))
    expect(r.pcToLine).toEqual([
      { pc: 1, line: 2, column: 0 },
      { pc: 3, line: 4, column: 2 },
      { pc: 5, line: 5, column: 0 },
    ])
    // pc 0 (version) has no entry; pc 1 is line 2 (index 1), pc 3 line 4 col 2, pc 5 line 5.
    expect(r.sourceMap).toEqual({
      version: 3,
      sources: [],
      names: [],
      mappings: ';AACA;;AAEE;;AACF',
    })
    expect(r.hash).toHaveLength(58)
  })

  it('assembles method selectors and named constants', () => {
    const r = assemble(
      '#pragma version 8\nmethod "add(uint64,uint64)uint64"\nint axfer\nint DeleteApplication',
    )
    expect(r.ok && hex(r.program)).toBe('088004fe6bdf69810481 05'.replace(' ', ''))
  })
})

describe('properties', () => {
  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        assemble(s)
      }),
      { numRuns: 3000 },
    )
  })

  it('never throws on token soup', () => {
    const words = [
      'int',
      'byte',
      '0x12',
      'b',
      'x:',
      'x',
      '#pragma',
      'version',
      '8',
      'proto',
      '1',
      ';',
      '"a',
      'b64(',
      '//',
      '#define',
      'txn',
      'Accounts',
      'switch',
      'callsub',
      'retsub',
      'frame_dig',
      '-1',
      'intcblock',
      'bytec',
      'store',
      'loads',
      '300',
      'stores',
    ]
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words, '\n'), { maxLength: 40 }), (ws) => {
        assemble(ws.join(' '))
      }),
      { numRuns: 3000 },
    )
  })
})
