import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assemble } from './assemble.js'
import { disassemble } from './disassemble.js'

const MAX = 12

/** Assembles `source` at `v` and expects the disassembly to be exactly `expected`. */
function expectDisassembly(source: string, v: number, expected = source): void {
  const r = assemble(source, { version: v })
  if (!r.ok) throw new Error(JSON.stringify(r.errors))
  const d = disassemble(r.program)
  expect(d).toEqual({ ok: true, text: expected })
}

// Sources and expected texts from go-algorand assembler_test.go (dd6de88f), the named tests.
describe('disassembly text (go-algorand TestDisassemble*)', () => {
  it('TestDisassembleSingleOp', () => {
    for (let v = 1; v <= MAX; v++) expectDisassembly(`#pragma version ${v}\narg_0\n`, v)
  })

  it('TestDisassembleTxna / TestDisassembleGtxna', () => {
    for (let v = 2; v <= MAX; v++) {
      expectDisassembly(`#pragma version ${v}\ntxn Sender\n`, v)
      expectDisassembly(`#pragma version ${v}\ntxna Accounts 0\n`, v)
      expectDisassembly(
        `#pragma version ${v}\ntxn Accounts 0\n`,
        v,
        `#pragma version ${v}\ntxna Accounts 0\n`,
      )
      expectDisassembly(`#pragma version ${v}\ngtxn 0 Sender\n`, v)
      expectDisassembly(`#pragma version ${v}\ngtxna 0 Accounts 0\n`, v)
    }
  })

  it('TestDisassemblePushConst', () => {
    expectDisassembly(`#pragma version ${MAX}\npushint 1\n`, MAX)
    expectDisassembly(
      `#pragma version ${MAX}\npushbytes 0x01\n`,
      MAX,
      `#pragma version ${MAX}\npushbytes 0x01 // 0x01\n`,
    )
    expectDisassembly(
      `#pragma version ${MAX}\npushbytes "a"\n`,
      MAX,
      `#pragma version ${MAX}\npushbytes 0x61 // "a"\n`,
    )
  })

  it('TestDisassembleLastLabel', () => {
    for (let v = 2; v <= MAX; v++) {
      expectDisassembly(`#pragma version ${v}\nintcblock 1\nintc_0 // 1\nbnz label1\nlabel1:\n`, v)
    }
  })

  it('TestDisassembleBytecblock (intcblock example)', () => {
    const src = `#pragma version ${MAX}
intcblock 0 1 2 3 4 5
intc_0 // 0
intc_1 // 1
intc_2 // 2
intc_3 // 3
intc 4 // 4
pushints 6
intc_0 // 0
intc_1 // 1
intc_2 // 2
intc_3 // 3
intc 4 // 4
`
    expectDisassembly(src, MAX)
  })

  it('TestDisassembleDeadSubroutine: a never-called proto gets a label', () => {
    for (let v = 8; v <= MAX; v++) {
      const src = `#pragma version ${v}\nb main\n\ndead_sub:\nproto 2 1\nframe_dig -2\nframe_dig -1\n+\nretsub\n\nmain:\nint 1\n`
      const r = assemble(src, { version: v })
      if (!r.ok) throw new Error(JSON.stringify(r.errors))
      const d = disassemble(r.program)
      if (!d.ok) throw new Error(d.error)
      const again = assemble(d.text, { version: v })
      expect(again.ok && Buffer.from(again.program).equals(Buffer.from(r.program))).toBe(true)
    }
  })
})

describe('disassembler errors', () => {
  it('reports illegal opcodes and truncated immediates', () => {
    expect(disassemble(Uint8Array.from([2, 0xff]))).toEqual({
      ok: false,
      error: 'illegal opcode 0xff',
    })
    expect(disassemble(Uint8Array.from([2, 0x31]))).toEqual({
      ok: false,
      error: 'program end while reading immediate f for txn',
    })
    expect(disassemble(Uint8Array.from([2, 0x40, 0]))).toEqual({
      ok: false,
      error: 'program end while reading label for bnz',
    })
  })

  it('renders empty and out-of-range versions as comments, as go-algorand does', () => {
    expect(disassemble(new Uint8Array())).toEqual({ ok: true, text: '// invalid version\n' })
    expect(disassemble(Uint8Array.from([99]))).toEqual({
      ok: true,
      text: '// unsupported version 99\n',
    })
  })
})

describe('properties', () => {
  // Found by the property below: bytes that go-algorand decodes but its assembler never writes.
  it('reassembles `arg 0` as arg_0, as go-algorand asmArg does', () => {
    expect(roundTrip([1, 0x2c, 0])).toEqual({ text: '#pragma version 1\narg 0\n', bytes: '012d' })
  })

  it('reassembles a non-minimal varint (accepted by Go binary.Uvarint) minimally', () => {
    expect(roundTrip([3, 0x80, 0x80, 0x00])).toEqual({
      text: '#pragma version 3\npushbytes 0x // ""\n',
      bytes: '038000',
    })
  })

  it('never throws on arbitrary bytes, and valid output reassembles to an equivalent program', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.integer({ min: 1, max: MAX }), (body, v) => {
        const d = disassemble(Uint8Array.from([v, ...body]))
        if (!d.ok || !d.text.startsWith('#pragma')) return
        // Disassembly of junk may name unreachable labels or bad constants; when it does
        // reassemble, the program must disassemble to the same text (up to go's `arg N`
        // rewrite), and the reassembled bytes must be a fixed point of the round trip. Exact
        // byte equality would be wrong: Go also decodes non-minimal varints.
        const r = assemble(`#pragma typetrack false\n${d.text}`)
        if (!r.ok) return
        const again = disassemble(r.program)
        expect(again).toEqual({ ok: true, text: d.text.replace(/^arg ([0-3])$/gm, 'arg_$1') })
        const r2 = assemble(`#pragma typetrack false\n${again.ok ? again.text : ''}`)
        expect(r2.ok && hex(r2.program)).toBe(hex(r.program))
      }),
      { numRuns: 2000 },
    )
  })
})

function roundTrip(bytes: number[]): { text: string; bytes: string } | undefined {
  const d = disassemble(Uint8Array.from(bytes))
  if (!d.ok) return undefined
  const r = assemble(d.text)
  return r.ok ? { text: d.text, bytes: hex(r.program) } : undefined
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}
