import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { run, testAccepts, testPanics, testRejects } from '../../../test/helpers.js'

const MAX = (1n << 64n) - 1n
/** Lets a program through the assembler's type check, to reach the evaluator's own. */
const notrack = (source: string): string => `#pragma typetrack false\n${source}`
const uint64 = fc.bigInt({ min: 0n, max: MAX })

describe('+ - * / %', () => {
  it('compute in uint64', () => {
    testAccepts('int 2; int 3; +; int 5; ==', 1)
    testAccepts('int 22; int 3; -; int 19; ==', 1)
    testAccepts('int 8; int 7; *; int 56; ==', 1)
    testAccepts('int 21; int 7; /; int 3; ==', 1)
    testAccepts('int 22; int 7; /; int 3; ==', 1)
    testAccepts('int 35; int 16; %; int 3; ==', 1)
    testAccepts('int 0x1234567812345678; int 0x100000000; /; int 0x12345678; ==', 1)
    testAccepts('int 35; int 16; %; int 1; -; int 2; *; int 4; ==', 1)
  })
  it('reach the edges of uint64 without failing', () => {
    testAccepts(`int ${MAX}; int 0; +; int ${MAX}; ==`, 1)
    testAccepts(`int ${MAX - 1n}; int 1; +; int ${MAX}; ==`, 1)
    testRejects('int 0; int 0; +', 1)
    testRejects(`int ${MAX}; int ${MAX}; -`, 1)
    testAccepts(`int 4294967295; int 4294967297; *; int ${MAX}; ==`, 1)
    testRejects(`int 0; int ${MAX}; *`, 1)
    testAccepts(`int ${MAX}; int 1; /; int ${MAX}; ==`, 1)
    testRejects(`int 1; int ${MAX}; /`, 1)
    testAccepts(`int ${MAX}; int 10; %; int 5; ==`, 1)
  })
  it('fail on overflow, underflow and division by zero', () => {
    testPanics(`int ${MAX}; int 1; +; pop; int 1`, 1, '+ overflowed')
    testPanics('int 0xf000000000000000; int 0x1111111111111111; +; pop; int 1', 1, '+ overflowed')
    testPanics('int 1; int 10; -; pop; int 1', 1, '- would result negative')
    testPanics('int 0; int 1; -; pop; int 1', 1, '- would result negative')
    testPanics('int 0x111111111; int 0x222222222; *; pop; int 1', 1, '* overflowed')
    testPanics('int 4294967296; int 4294967296; *; pop; int 1', 1, '* overflowed')
    testPanics('int 0x11; int 0; /; pop; int 1', 1, '/ 0')
    testPanics('int 0; int 0; /; pop; int 1', 1, '/ 0')
    testPanics('int 0x111111111; int 0; %; pop; int 1', 1, '% 0')
  })
  it('agree with bigint arithmetic', () => {
    fc.assert(
      fc.property(uint64, uint64, (a, b) => {
        const sum = run(`int ${a}; int ${b}; +; int ${(a + b) & MAX}; ==`, 1)
        if (a + b > MAX) expect(sum.error?.message).toBe('+ overflowed')
        else expect(sum.pass).toBe(true)
        const diff = run(`int ${a}; int ${b}; -; int ${a >= b ? a - b : 0n}; ==`, 1)
        if (b > a) expect(diff.error?.message).toBe('- would result negative')
        else expect(diff.pass).toBe(true)
        const product = run(`int ${a}; int ${b}; *; int ${(a * b) & MAX}; ==`, 1)
        if (a * b > MAX) expect(product.error?.message).toBe('* overflowed')
        else expect(product.pass).toBe(true)
        if (b !== 0n) {
          expect(run(`int ${a}; int ${b}; /; int ${a / b}; ==`, 1).pass).toBe(true)
          expect(run(`int ${a}; int ${b}; %; int ${a % b}; ==`, 1).pass).toBe(true)
        }
      }),
      { numRuns: 200 },
    )
  })
  it('report the failing opcode', () => {
    const r = run('int 1; int 2; -; pop; int 1', 1)
    expect(r.error).toMatchObject({ message: '- would result negative', opcode: '-' })
  })
})

describe('comparisons and logic', () => {
  it('< > <= >= compare as unsigned numbers', () => {
    testAccepts('int 1; int 2; <', 1)
    testRejects('int 2; int 2; <', 1)
    testAccepts(`int 0; int ${MAX}; <`, 1)
    testAccepts('int 35; int 16; >', 1)
    testRejects('int 16; int 16; >', 1)
    testAccepts('int 2; int 2; <=', 1)
    testRejects('int 3; int 2; <=', 1)
    testAccepts(`int ${MAX}; int ${MAX}; >=`, 1)
    testRejects('int 1; int 2; >=', 1)
  })
  it('push exactly 1 or 0', () => {
    testAccepts('int 1; int 2; <; int 1; ==', 1)
    testAccepts('int 5; int 7; &&; int 1; ==', 1)
    testAccepts('int 0; int 7; ||; int 1; ==', 1)
    testAccepts('int 9; !; int 0; ==', 1)
    testAccepts('int 0; !; int 1; ==', 1)
  })
  it('&& || ! treat any non-zero as true', () => {
    testAccepts('int 3; int 9; &&', 1)
    testRejects('int 3; int 0; &&', 1)
    testRejects('int 0; int 3; &&', 1)
    testAccepts('int 0; int 3; ||', 1)
    testAccepts('int 3; int 0; ||', 1)
    testRejects('int 0; int 0; ||', 1)
    testAccepts('int 0; !', 1)
    testRejects(`int ${MAX}; !`, 1)
  })
  it("go-algorand's comparison program", () => {
    testAccepts(
      `int 35; int 16; >; int 1; int 2; >; !; !; !; &&; int 1; int 2; <; int 35; int 1; <; !; &&; &&
       int 2; int 2; <=; int 16; int 1; <=; !; &&; &&; int 2; int 2; >=; int 1; int 16; >=; !; &&; &&
       int 2; int 1; !=; &&; byte 0xaaaa; byte 0xbbbb; ==; !; &&; byte 0x1337; byte 0x1337; ==
       byte 0xabba; byte 0xabba; !=; !; &&; byte 0xcafe; byte 0xf00d; !=; &&; &&`,
      1,
    )
  })
})

describe('== and !=', () => {
  it('compare two uint64 or two byte strings', () => {
    testAccepts(`int ${MAX}; int ${MAX}; ==`, 1)
    testRejects('int 1; int 2; ==', 1)
    testAccepts('int 1; int 2; !=', 1)
    testAccepts('byte "john"; byte "john"; ==', 1)
    testAccepts('byte 0x; byte ""; ==', 1)
    testRejects('byte 0x00; byte 0x; ==', 1)
    testRejects('byte 0x0001; byte 0x01; ==', 1)
    testAccepts('byte 0x0001; byte 0x01; !=', 1)
  })
  it('fail on values of different kinds', () => {
    testPanics(
      notrack('byte 0x1234; int 1; ==; pop; int 1'),
      1,
      'cannot compare ([]byte to uint64)',
    )
    testPanics(
      notrack('int 1; byte 0x1234; ==; pop; int 1'),
      1,
      'cannot compare (uint64 to []byte)',
    )
    testPanics(notrack('byte 0x; int 0; !='), 1, 'cannot compare ([]byte to uint64)')
  })
})

describe('| & ^ ~', () => {
  it('are bitwise on uint64', () => {
    testAccepts(
      'int 0x17; int 0x3e; &; int 0x0a; ^; int 0x0f; ~; &; int 0x300; |; int 0x310; ==',
      1,
    )
    testAccepts(`int 0; ~; int ${MAX}; ==`, 1)
    testAccepts(`int ${MAX}; ~; int 0; ==`, 1)
    testAccepts(`int 0x5555555555555555; int 0xaaaaaaaaaaaaaaaa; |; int ${MAX}; ==`, 1)
    testAccepts(`int ${MAX}; int ${MAX}; ^; int 0; ==`, 1)
  })
})

describe('mulw addw divmodw divw', () => {
  it('mulw pushes the high then the low word of the product', () => {
    testAccepts('int 1; int 2; mulw; int 2; ==; assert; int 0; ==', 3)
    testAccepts(
      'int 0x111111111; int 0x222222222; mulw; int 0x468acf130eca8642; ==; assert; int 2; ==',
      3,
    )
    testAccepts(`int ${MAX}; int ${MAX}; mulw; int 1; ==; assert; int ${MAX - 1n}; ==`, 3)
    testAccepts(
      'int 0x111111111; int 0x222222222; mulw; int 0x468acf130eca8642; ==; bnz c; err; c: int 2; ==',
      1,
    )
  })
  it('addw pushes the carry then the low word of the sum', () => {
    testAccepts('int 1; int 2; addw; int 3; ==; assert; int 0; ==', 3)
    testAccepts('int 0xFFFFFFFFFFFFFFFD; int 0x45; addw; int 0x42; ==; assert; int 1; ==', 3)
    testAccepts(`int ${MAX}; dup; addw; int ${MAX - 1n}; ==; assert; int 1; ==`, 3)
    testAccepts('int 0xFFFFFFFFFFFFFFFF; int 0x43; addw; int 0x42; ==; bnz c; err; c: int 1; ==', 2)
  })
  it('mulw and addw recompose to the exact result', () => {
    fc.assert(
      fc.property(uint64, uint64, (a, b) => {
        const p = a * b
        const src = `int ${a}; int ${b}; mulw; int ${p & MAX}; ==; assert; int ${p >> 64n}; ==`
        expect(run(src, 3).pass).toBe(true)
        const s = a + b
        const add = `int ${a}; int ${b}; addw; int ${s & MAX}; ==; assert; int ${s >> 64n}; ==`
        expect(run(add, 3).pass).toBe(true)
      }),
      { numRuns: 200 },
    )
  })
  it('divmodw divides 128-bit numbers', () => {
    const check = (num: bigint, den: bigint): string => {
      const [q, r] = [num / den, num % den]
      return `int ${num >> 64n}; int ${num & MAX}; int ${den >> 64n}; int ${den & MAX}; divmodw
        int ${r & MAX}; ==; assert; int ${r >> 64n}; ==; assert
        int ${q & MAX}; ==; assert; int ${q >> 64n}; ==`
    }
    testAccepts(check(2n << 64n, 1n << 64n), 4)
    testAccepts(check(2n << 64n, 1n), 4)
    testAccepts(check(0n, 7n), 4)
    testAccepts(check((1n << 128n) - 1n, (1n << 128n) - 1n), 4)
    testAccepts(check(7777n, 1n << 64n), 4)
    testAccepts(check((1n << 128n) - 1n, 3n), 4)
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }),
        fc.bigInt({ min: 1n, max: (1n << 128n) - 1n }),
        (n, d) => {
          expect(run(check(n, d), 4).pass).toBe(true)
        },
      ),
      { numRuns: 100 },
    )
    testPanics('int 10; int 0; int 0; int 0; divmodw; pop; pop; pop; pop; int 1', 4, '/ 0')
  })
  it('divw divides a 128-bit number by a uint64 whose quotient fits', () => {
    testAccepts('int 1; int 2; int 2; divw', 6)
    testAccepts('int 1; int 0; int 2; divw; int 0x8000000000000000; ==', 6)
    testAccepts('int 0; int 90; int 30; divw; int 3; ==', 6)
    testAccepts(`int ${MAX - 1n}; int ${MAX}; int ${MAX}; divw; int ${MAX}; ==`, 6)
    testPanics('int 1; int 2; int 0; divw; assert', 6, 'divw 0')
    testPanics('int 2; int 1; int 1; divw; assert', 6, 'divw overflow: 1 <= 2')
    testPanics('int 2; int 0; int 2; divw; assert', 6, 'divw overflow: 2 <= 2')
  })
})

describe('shl shr', () => {
  it('shift by 0..63, dropping bits that leave the word', () => {
    testAccepts('int 1; int 0; shl; int 1; ==', 4)
    testAccepts('int 3; int 2; shl; int 12; ==', 4)
    testAccepts('int 2; int 63; shl; int 0; ==', 4)
    testAccepts(`int ${MAX}; int 63; shl; int 0x8000000000000000; ==`, 4)
    testAccepts('int 3; int 0; shr; int 3; ==', 4)
    testAccepts('int 96; int 3; shr; int 12; ==', 4)
    testAccepts(`int ${MAX}; int 63; shr; int 1; ==`, 4)
  })
  it('fail for shifts of 64 or more', () => {
    testPanics('int 8756675; int 64; shr; int 0; ==', 4, 'shr arg too big, (64)')
    testPanics('int 8756675; int 64; shl; int 0; ==', 4, 'shl arg too big, (64)')
    testPanics(`int 1; int ${MAX}; shl; int 0; ==`, 4, `shl arg too big, (${MAX})`)
  })
})

describe('sqrt bitlen', () => {
  it('sqrt is the floor of the square root', () => {
    const cases: [bigint, bigint][] = [
      [0n, 0n],
      [1n, 1n],
      [2n, 1n],
      [4n, 2n],
      [5n, 2n],
      [2024n, 44n],
      [2025n, 45n],
      [3735928559n, 61122n],
      [244837814094590n, 15647294n],
      [MAX, 4294967295n],
      [18446744065119617025n, 4294967295n],
      [18446744065119617024n, 4294967294n],
    ]
    for (const [x, r] of cases) testAccepts(`int ${x}; sqrt; int ${r}; ==`, 4)
    fc.assert(
      fc.property(uint64, (x) => {
        const r = run(`int ${x}; sqrt`, 4).stack[0] as bigint
        expect(r * r <= x && (r + 1n) * (r + 1n) > x).toBe(true)
      }),
      { numRuns: 100 },
    )
  })
  it('bitlen counts significant bits of a uint64 or a big-endian byte string', () => {
    for (const [x, n] of [
      [0n, 0],
      [1n, 1],
      [2n, 2],
      [4n, 3],
      [5n, 3],
      [8n, 4],
      [MAX, 64],
    ] as const) {
      testAccepts(`int ${x}; bitlen; int ${n}; ==`, 4)
    }
    const bytes: [string, number][] = [
      ['', 0],
      ['00', 0],
      ['01', 1],
      ['02', 2],
      ['03', 2],
      ['04', 3],
      ['f0', 8],
      ['0100', 9],
      ['0000ff', 8],
      ['010001000100010001000100010001000100', 137],
    ]
    for (const [hex, n] of bytes) testAccepts(`byte 0x${hex}; bitlen; int ${n}; ==`, 4)
    testAccepts('int 4096; bzero; int 0; int 1; setbyte; bitlen; int 32761; ==', 4)
    testAccepts('int 4096; bzero; bitlen; int 0; ==', 4)
  })
})

describe('exp expw', () => {
  it('exp raises to a power within uint64', () => {
    testAccepts('int 0; int 200; exp; int 0; ==', 4)
    testAccepts('int 1000; int 0; exp; int 1; ==', 4)
    testAccepts(`int 1; int ${MAX}; exp; int 1; ==`, 4)
    testAccepts('int 3; int 1; exp; int 3; ==', 4)
    testAccepts('int 96; int 3; exp; int 884736; ==', 4)
    testAccepts(`int 2; int 63; exp; int ${1n << 63n}; ==`, 4)
    testAccepts(`int ${MAX}; int 1; exp; int ${MAX}; ==`, 4)
  })
  it('exp fails for 0^0 and on overflow', () => {
    testPanics('int 0; int 0; exp; int 1; ==', 4, '0^0 is undefined')
    testPanics('int 96; int 15; exp; int 884736; >', 4, '96^15 overflow')
    testPanics('int 2; int 64; exp; pop; int 1', 4, '2^64 overflow')
    testPanics('int 4; int 32; exp; pop; int 1', 4, '4^32 overflow')
    testPanics(`int 2; int ${MAX}; exp; pop; int 1`, 4, `2^${MAX} overflow`)
  })
  it('expw raises to a power within 128 bits, high word first', () => {
    testAccepts('int 0; int 200; expw; int 0; ==; assert; int 0; ==', 4)
    testAccepts('int 1000; int 0; expw; int 1; ==; assert; int 0; ==', 4)
    testAccepts('int 96; int 3; expw; int 884736; ==; assert; int 0; ==', 4)
    testAccepts('int 64; int 21; expw; pop; pop; int 1', 4)
    testAccepts(
      'int 97; int 15; expw; int 10271255586529954209; ==; assert; int 34328615749; ==',
      4,
    )
    testAccepts(`int 2; int 127; expw; int 0; ==; assert; int ${1n << 63n}; ==`, 4)
  })
  it('expw fails for 0^0 and on overflow', () => {
    testPanics('int 0; int 0; expw; int 1; ==; assert; int 0; ==', 4, '0^0 is undefined')
    testPanics('int 64; int 22; expw; pop; pop; int 1', 4, '64^22 overflow')
    testPanics('int 2; int 128; expw; pop; pop; int 1', 4, '2^128 overflow')
    testPanics('int 4; int 64; expw; pop; pop; int 1', 4, '4^64 overflow')
  })
})

describe('itob btoi', () => {
  it('itob makes 8 big-endian bytes', () => {
    testAccepts('byte 0x1234567812345678; int 0x1234567812345678; itob; ==', 1)
    testAccepts('int 0; itob; byte 0x0000000000000000; ==', 1)
    testAccepts(`int ${MAX}; itob; byte 0xffffffffffffffff; ==`, 1)
  })
  it('btoi reads up to 8 big-endian bytes', () => {
    for (const hex of [
      '1234567812345678',
      '34567812345678',
      '567812345678',
      '7812345678',
      '12345678',
      '345678',
      '01',
    ]) {
      testAccepts(`int 0x${hex}; byte 0x${hex}; btoi; ==`, 1)
    }
    testAccepts('int 0; byte b64(); btoi; ==', 1)
    testAccepts(`byte 0xffffffffffffffff; btoi; int ${MAX}; ==`, 1)
    testAccepts('byte 0x0000000000000001; btoi; int 1; ==', 1)
  })
  it('btoi fails on more than 8 bytes', () => {
    testPanics(
      'int 0x1234567812345678; byte 0x1234567812345678aa; btoi; ==',
      1,
      'btoi arg too long, got 9 bytes',
    )
    testPanics('byte 0x000000000000000000; btoi', 1, 'btoi arg too long, got 9 bytes')
  })
  it('round-trip', () => {
    fc.assert(
      fc.property(uint64, (x) => {
        expect(run(`int ${x}; itob; btoi; int ${x}; ==`, 1).pass).toBe(true)
      }),
      { numRuns: 100 },
    )
  })
})

describe('argument kinds', () => {
  it('are checked before the op runs', () => {
    testPanics(notrack('byte 0x01; int 1; +'), 1, '+ arg 0 wanted uint64 but got []byte')
    testPanics(notrack('int 1; btoi'), 1, 'btoi arg 0 wanted []byte but got uint64')
  })
})
