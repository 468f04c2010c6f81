/**
 * Properties: whatever bytes or well-typed program it is given, the evaluator returns a structured
 * result (pass, reject, or a reported error) and never throws, hangs or hits an internal error.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assemble } from '../src/assembler/index.js'
import type { EvalResult } from '../src/eval/run.js'
import { MAX_VERSION } from '../src/spec/versions.js'
import { runBytes } from './helpers.js'

function wellFormed(r: EvalResult): void {
  expect(typeof r.pass).toBe('boolean')
  if (r.error) {
    expect(r.pass).toBe(false)
    expect(r.error.message).not.toMatch(/^internal error/)
  }
}

describe('random bytecode', () => {
  it('always ends in pass, reject or a reported error, in both modes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_VERSION + 1 }),
        fc.uint8Array({ maxLength: 200 }),
        fc.constantFrom<'sig' | 'app'>('sig', 'app'),
        (version, body, mode) => {
          wellFormed(runBytes(Uint8Array.from([version, ...body]), { mode }))
        },
      ),
      { numRuns: 3000 },
    )
  })
})

/** Uint64-valued TEAL expressions of bounded depth, mixing in byte-string operations. */
const edgeUint = fc.oneof(
  fc.constantFrom(0n, 1n, 2n, 63n, 64n, 255n, (1n << 32n) - 1n, 1n << 63n, (1n << 64n) - 1n),
  fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
)
const byteLit = fc.uint8Array({ maxLength: 70 }).map((b) => `0x${Buffer.from(b).toString('hex')}`)

const { uintExpr } = fc.letrec<{ uintExpr: string; bytesExpr: string }>((tie) => ({
  uintExpr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    edgeUint.map((n) => `int ${n}`),
    fc
      .tuple(
        tie('uintExpr'),
        tie('uintExpr'),
        fc.constantFrom(
          '+',
          '-',
          '*',
          '/',
          '%',
          '<',
          '>',
          '==',
          '!=',
          '&',
          '|',
          '^',
          '&&',
          'shl',
          'shr',
          'exp',
        ),
      )
      .map(([a, b, op]) => `${a}\n${b}\n${op}`),
    fc
      .tuple(tie('uintExpr'), fc.constantFrom('!', '~', 'sqrt', 'bitlen', 'itob\nbtoi'))
      .map(([a, op]) => `${a}\n${op}`),
    fc
      .tuple(tie('bytesExpr'), fc.constantFrom('len', 'btoi', 'bitlen'))
      .map(([a, op]) => `${a}\n${op}`),
    fc.tuple(tie('uintExpr'), tie('uintExpr')).map(([a, b]) => `${a}\n${b}\nmulw\npop`),
  ),
  bytesExpr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    byteLit.map((b) => `byte ${b}`),
    fc
      .tuple(
        tie('bytesExpr'),
        tie('bytesExpr'),
        fc.constantFrom('concat', 'b+', 'b*', 'b-', 'b/', 'b&', 'b|'),
      )
      .map(([a, b, op]) => `${a}\n${b}\n${op}`),
    fc
      .tuple(tie('bytesExpr'), fc.constantFrom('sha256', 'keccak256', 'b~', 'bsqrt'))
      .map(([a, op]) => `${a}\n${op}`),
    fc.tuple(tie('uintExpr')).map(([a]) => `${a}\nitob`),
    fc
      .tuple(tie('bytesExpr'), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
      .map(([a, s, l]) => `${a}\nextract ${s} ${l}`),
    fc.tuple(tie('uintExpr')).map(([a]) => `${a}\nint 4097\n%\nbzero`),
  ),
}))

describe('random well-typed programs', () => {
  it('assemble at v8+ and always end in pass, reject or a reported error', () => {
    fc.assert(
      fc.property(uintExpr, fc.integer({ min: 8, max: MAX_VERSION }), (expr, version) => {
        const asm = assemble(`#pragma version ${version}\n${expr}`)
        expect(asm.ok).toBe(true)
        if (!asm.ok) return
        wellFormed(runBytes(asm.program))
        wellFormed(runBytes(asm.program, { mode: 'app' }))
      }),
      { numRuns: 400 },
    )
  })
})
