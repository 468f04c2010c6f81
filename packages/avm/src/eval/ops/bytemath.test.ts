import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { run, testAccepts, testPanics } from '../../../test/helpers.js'

const notrack = (source: string): string => `#pragma typetrack false\n${source}`
const effs = 'ff'.repeat(64)
const hexOf = (b: Uint8Array): string => Buffer.from(b).toString('hex')
const toBig = (b: Uint8Array): bigint => (b.length === 0 ? 0n : BigInt(`0x${hexOf(b)}`))
const minimalHex = (n: bigint): string => {
  if (n === 0n) return ''
  const h = n.toString(16)
  return h.length % 2 ? `0${h}` : h
}
/** Up to 64 bytes, often with leading zeros. */
const bigintBytes = fc.uint8Array({ maxLength: 64 })

describe('b+ b- b* b/ b%', () => {
  it('compute on big-endian numbers with minimal results', () => {
    testAccepts('byte 0x01; byte 0x01; b+; byte 0x02; ==', 4)
    testAccepts('byte 0x01FF; byte 0x01; b+; byte 0x0200; ==', 4)
    testAccepts('byte 0x0011; byte 0x10; b+; btoi; int 0x21; ==', 4)
    testAccepts('byte 0x; byte 0x0000; b+; byte 0x; ==', 4)
    testAccepts('byte 0x01; byte 0x01; b-; byte ""; ==', 4)
    testAccepts('byte 0x0200; byte 0x01; b-; byte 0x01FF; ==', 4)
    testAccepts('byte 0x0100; byte 0x01; b-; byte 0xFF; ==', 4)
    testAccepts('byte 0x10; byte 0x10; b*; byte 0x0100; ==', 4)
    testAccepts('byte 0x100000000000; byte 0x00; b*; byte b64(); ==', 4)
    testAccepts('byte 0x01; byte 0x01; b/; byte 0x01; ==', 4)
    testAccepts('byte 0x0010; byte 0x0003; b/; byte 0x05; ==', 4)
    testAccepts('byte 0x10; byte 0x07; b%; byte 0x02; ==; return', 4)
    testAccepts('byte 0x10; byte 0x08; b%; byte 0x; ==', 4)
  })
  it('accept 64-byte inputs, and give up to 65 (b+) or 128 (b*) bytes', () => {
    testAccepts(`byte 0x${effs}; byte 0x10; b+; len; int 65; ==`, 4)
    testAccepts(`byte 0x${effs}; byte 0x${effs}; b*; len; int 128; ==`, 4)
    testAccepts(`byte 0x${effs}; byte 0x${effs}; b-; len; int 0; ==`, 4)
    testAccepts(`byte 0x${effs}; byte 0x${effs}; b/; byte 0x01; ==`, 4)
    testAccepts('int 64; bzero; byte 0x01; b+; byte 0x01; ==', 4)
  })
  it('fail on inputs over 64 bytes, even with leading zeros', () => {
    for (const op of ['b+', 'b-', 'b*', 'b/', 'b%']) {
      testPanics(
        notrack(`byte 0x${effs}00; byte 0x10; ${op}; len`),
        4,
        'math attempted on large byte-array',
      )
      testPanics(
        notrack(`byte 0x10; int 65; bzero; ${op}; len`),
        4,
        'math attempted on large byte-array',
      )
    }
    testPanics(
      'int 65; bzero; byte 0x01; b/; int 1; return',
      4,
      'math attempted on large byte-array',
    )
    // The size check comes before the zero divisor check.
    testPanics(notrack('int 65; bzero; byte 0x; b/; len'), 4, 'math attempted on large byte-array')
  })
  it('fail on a negative result and on a zero divisor', () => {
    testPanics('byte 0x01; byte 0x02; b-; int 1; return', 4, 'byte math would have negative result')
    testPanics('byte 0x0200; byte b64(); b/; int 1; return', 4, 'division by zero')
    testPanics('byte 0x01; byte 0x00; b/; int 1; return', 4, 'division by zero')
    testPanics('byte 0x01; byte 0x0000; b%; int 1; return', 4, 'modulo by zero')
  })
  it('agree with bigint arithmetic', () => {
    fc.assert(
      fc.property(bigintBytes, bigintBytes, (a, b) => {
        const [x, y] = [toBig(a), toBig(b)]
        const program = (op: string, want: bigint): string =>
          `byte 0x${hexOf(a)}; byte 0x${hexOf(b)}; ${op}; byte 0x${minimalHex(want)}; ==`
        expect(run(program('b+', x + y), 4).pass).toBe(true)
        expect(run(program('b*', x * y), 4).pass).toBe(true)
        const sub = run(program('b-', x >= y ? x - y : 0n), 4)
        if (x >= y) expect(sub.pass).toBe(true)
        else expect(sub.error?.message).toBe('byte math would have negative result')
        if (y !== 0n) {
          expect(run(program('b/', x / y), 4).pass).toBe(true)
          expect(run(program('b%', x % y), 4).pass).toBe(true)
        }
      }),
      { numRuns: 150 },
    )
  })
})

describe('b< b> b<= b>= b== b!=', () => {
  it('compare as numbers, ignoring leading zeros', () => {
    testAccepts('byte 0x10; byte 0x10; b<; !', 4)
    testAccepts('byte 0x10; byte 0x10; b<=', 4)
    testAccepts('byte 0x10; int 64; bzero; b>', 4)
    testAccepts('byte 0x1010; byte 0x10; b<; !', 4)
    testAccepts('byte 0x2000; byte 0x70; b<; !', 4)
    testAccepts('byte 0x7000; byte 0x20; b<; !', 4)
    testAccepts('byte 0x10; byte 0x00; b<; !', 4)
    testAccepts('byte 0x10; byte 0x0000; b<; !', 4)
    testAccepts('byte 0x00; byte 0x10; b<', 4)
    testAccepts('byte 0x0000; byte 0x10; b<', 4)
    testAccepts('byte 0x0000; byte 0x00; b<; !', 4)
    testAccepts('byte 0x; byte 0x00; b==', 4)
    testAccepts('byte 0x11; byte 0x10; b>', 4)
    testAccepts('byte 0x11; byte 0x0010; b>', 4)
    testAccepts('byte 0x1010; byte 0x11; b>', 4)
    testAccepts('byte 0x11; byte 0x10; b>=', 4)
    testAccepts('byte 0x11; byte 0x0011; b>=', 4)
    testAccepts('byte 0x11; byte 0x11; b==', 4)
    testAccepts('byte 0x0011; byte 0x11; b==', 4)
    testAccepts('byte 0x11; byte 0x00000000000011; b==', 4)
    testAccepts('byte 0x00; int 64; bzero; b==', 4)
    testAccepts('byte 0x11; byte 0x00; b!=', 4)
    testAccepts('byte 0x0011; byte 0x1100; b!=', 4)
    testAccepts('byte 0x0011; byte 0x11; b!=; !', 4)
  })
  it('fail on inputs over 64 bytes', () => {
    for (const op of ['b<', 'b>', 'b<=', 'b>=', 'b==', 'b!=']) {
      testPanics(`byte 0x10; int 65; bzero; ${op}`, 4, 'math attempted on large byte-array')
      testPanics(
        notrack(`int 65; bzero; byte 0x10; ${op}`),
        4,
        'math attempted on large byte-array',
      )
    }
  })
  it('need byte strings', () => {
    testPanics(notrack('byte 0x11; int 17; b!='), 4, 'b!= arg 1 wanted bigint but got uint64')
  })
  it('agree with bigint comparison', () => {
    fc.assert(
      fc.property(bigintBytes, bigintBytes, (a, b) => {
        const [x, y] = [toBig(a), toBig(b)]
        const results: [string, boolean][] = [
          ['b<', x < y],
          ['b>', x > y],
          ['b<=', x <= y],
          ['b>=', x >= y],
          ['b==', x === y],
          ['b!=', x !== y],
        ]
        for (const [op, want] of results) {
          const r = run(`byte 0x${hexOf(a)}; byte 0x${hexOf(b)}; ${op}`, 4)
          expect(r.stack, op).toEqual([want ? 1n : 0n])
        }
      }),
      { numRuns: 100 },
    )
  })
})

describe('b| b& b^ b~', () => {
  it('work bytewise, left-padding the shorter argument with zeros', () => {
    testAccepts('byte 0x11; byte 0x10; b|; byte 0x11; ==', 4)
    testAccepts('byte 0x01; byte 0x10; b|; byte 0x11; ==', 4)
    testAccepts('byte 0x0201; byte 0x10f1; b|; byte 0x12f1; ==', 4)
    testAccepts('byte 0x0001; byte 0x00f1; b|; byte 0x00f1; ==', 4)
    testAccepts('byte 0x11; byte 0x10; b&; byte 0x10; ==', 4)
    testAccepts('byte 0x01; byte 0x10; b&; byte 0x00; ==', 4)
    testAccepts('byte 0x0201; byte 0x10f1; b&; byte 0x0001; ==', 4)
    testAccepts('byte 0x01; byte 0x00f1; b&; byte 0x0001; ==', 4)
    testAccepts('byte 0x11; byte 0x10; b^; byte 0x01; ==', 4)
    testAccepts('byte 0x01; byte 0x10; b^; byte 0x11; ==', 4)
    testAccepts('byte 0x0201; byte 0x10f1; b^; byte 0x12f0; ==', 4)
    testAccepts('byte 0x0001; byte 0xf1; b^; byte 0x00f0; ==', 4)
    testAccepts('byte 0x; byte 0x; b|; byte 0x; ==', 4)
  })
  it('b~ complements every byte and keeps the length', () => {
    testAccepts('byte 0x0001; b~; byte 0xfffe; ==', 4)
    testAccepts('byte 0x; b~; byte 0x; ==', 4)
    testAccepts('byte 0xf001; b~; byte 0x0ffe; ==', 4)
    testAccepts('byte 0x0000; b~; byte 0xffff; ==', 4)
  })
  it('take strings of any length, up to 4096 bytes', () => {
    testAccepts('int 4096; bzero; byte 0x01; b|; len; int 4096; ==', 4)
    testAccepts('int 4096; bzero; b~; int 4095; getbyte; int 255; ==', 4)
    testAccepts('byte 0x01; int 4096; bzero; b^; int 4095; getbyte; int 1; ==', 4)
  })
  it('do not change their arguments', () => {
    testAccepts('byte 0x0f; dup; b~; pop; byte 0x0f; ==', 4)
    testAccepts('byte 0x0f; dup; byte 0xf0; b|; pop; byte 0x0f; ==', 4)
  })
})

describe('bsqrt', () => {
  it('is the floor of the square root, minimal', () => {
    testAccepts('byte 0x00; bsqrt; byte 0x; ==; return', 6)
    testAccepts('byte 0x01; bsqrt; byte 0x01; ==; return', 6)
    testAccepts('byte 0x10; bsqrt; byte 0x04; ==; return', 6)
    testAccepts('byte 0x11; bsqrt; byte 0x04; ==; return', 6)
    testAccepts('byte 0xffffff; bsqrt; len; int 2; ==; return', 6)
    testAccepts(`byte 0x${effs}; bsqrt; len; int 32; ==`, 6)
    testAccepts(`byte 0x${effs}; bsqrt; byte 0x${'ff'.repeat(32)}; ==`, 6)
  })
  it('fails on inputs over 64 bytes', () => {
    testPanics(
      notrack(`byte 0x${effs}00; bsqrt; pop; int 1`),
      6,
      'math attempted on large byte-array',
    )
  })
  it('agrees with bigint square roots', () => {
    fc.assert(
      fc.property(bigintBytes, (a) => {
        const r = toBig(run(`byte 0x${hexOf(a)}; bsqrt`, 6).stack[0] as Uint8Array)
        const x = toBig(a)
        expect(r * r <= x && (r + 1n) * (r + 1n) > x).toBe(true)
      }),
      { numRuns: 100 },
    )
  })
})
