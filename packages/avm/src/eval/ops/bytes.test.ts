import { describe, expect, it } from 'vitest'
import { runBytes, testAccepts, testPanics } from '../../../test/helpers.js'
import { MAX_VERSION } from '../../spec/versions.js'

const MAX = (1n << 64n) - 1n
const notrack = (source: string): string => `#pragma typetrack false\n${source}`

/** Runs hand-built bytecode (for programs the assembler refuses) on every version from `from`. */
function panicsBytes(code: readonly number[], from: number, message: string): void {
  for (let v = from; v <= MAX_VERSION; v++) {
    const r = runBytes(new Uint8Array([v, ...code]))
    expect(r.error?.message, `v${v}`).toBe(message)
  }
}

describe('len concat', () => {
  it('len counts bytes', () => {
    testAccepts('byte "john"; len; int 4; ==', 1)
    testAccepts('byte 0x; len; int 0; ==', 1)
    testAccepts('int 4096; bzero; len; int 4096; ==', 4)
  })
  it('concat joins, up to 4096 bytes', () => {
    testAccepts('byte 0x12; byte 0x3456; concat; byte 0x123456; ==', 2)
    testAccepts('byte 0x; byte 0x; concat; len; int 0; ==', 2)
    const justFits = `byte 0xf000000000000000${'; dup; concat'.repeat(9)}`
    testAccepts(`${justFits}; len; int 4096; ==`, 2)
    testPanics(
      `${justFits}; byte 0x11; concat; len`,
      2,
      'concat produced a too big (4097) byte-array',
    )
    testPanics(`${justFits}; dup; concat; len`, 2, 'concat produced a too big (8192) byte-array')
  })
  it('concat does not change its arguments', () => {
    testAccepts('byte 0x01; dup; byte 0x02; concat; pop; byte 0x01; ==', 2)
  })
})

describe('substring substring3', () => {
  it('take [start, end)', () => {
    testAccepts('byte 0x123456789abc; substring 1 3; byte 0x3456; ==', 2)
    testAccepts('byte 0x123456789abc; substring 6 6; byte 0x; ==', 2)
    testAccepts('byte 0x123456789abc; int 1; int 3; substring3; byte 0x3456; ==', 2)
    testAccepts('byte 0x123456789abc; int 3; int 3; substring3; len; int 0; ==', 2)
    testAccepts('byte 0x123456789abc; int 0; int 6; substring3; byte 0x123456789abc; ==', 2)
  })
  it('fail outside the string or backwards', () => {
    testPanics(
      'byte 0xf000000000000000; substring 2 99; len',
      2,
      'substring range beyond length of string',
    )
    testPanics(
      'byte 0xf000000000000000; int 4; int 2; substring3; len',
      2,
      'substring end before start',
    )
    testPanics(
      'byte 0xf000000000000000; int 4; int 9; substring3; len',
      2,
      'substring range beyond length of string',
    )
    testPanics(
      'byte 0xf000000000000000; int 4; int 0xFFFFFFFFFFFFFFFE; substring3; len',
      2,
      'substring range beyond length of string',
    )
    // A start beyond int32 is out of range even when the end is before it.
    testPanics(
      'byte 0xf0; int 0x80000000; int 0; substring3; len',
      2,
      'substring range beyond length of string',
    )
    // The assembler refuses `substring 2 1`; bytecblock [0xaabb]; bytec_0; substring 2 1; len
    panicsBytes(
      [0x26, 0x01, 0x02, 0xaa, 0xbb, 0x28, 0x51, 0x02, 0x01, 0x15],
      2,
      'substring end before start',
    )
  })
})

describe('getbit setbit', () => {
  it('address uint64 bits from the low end', () => {
    testAccepts('int 1; int 0; getbit; int 1; ==', 3)
    testAccepts('int 1; int 1; getbit; int 0; ==', 3)
    testAccepts('int 1; int 63; getbit; int 0; ==', 3)
    testAccepts(`int ${MAX}; int 63; getbit; int 1; ==`, 3)
    testAccepts('int 8; int 3; getbit; int 1; ==', 3)
    testAccepts('int 0; int 3; int 1; setbit; int 8; ==', 3)
    testAccepts('int 15; int 3; int 0; setbit; int 7; ==', 3)
    testAccepts('int 0x0000; int 12; int 1; setbit; int 0x1000; ==', 3)
    testAccepts(`int 0; int 63; int 1; setbit; int ${1n << 63n}; ==`, 3)
    testAccepts(`int ${MAX}; int 63; int 0; setbit; int ${MAX >> 1n}; ==`, 3)
  })
  it('address byte-string bits from the high end of the first byte', () => {
    testAccepts('byte 0xfff0; int 10; getbit; int 1; ==', 3)
    testAccepts('byte 0xfff0; int 12; getbit; int 0; ==', 3)
    testAccepts('byte 0x80; int 0; getbit; int 1; ==', 3)
    testAccepts('byte 0xfffff0; int 21; int 1; setbit; byte 0xfffff4; ==', 3)
    testAccepts('byte 0xfffff4; int 1; int 0; setbit; byte 0xbffff4; ==', 3)
    testAccepts('byte 0x0000; int 3; int 1; setbit; byte 0x1000; ==', 3)
    testAccepts('byte 0x0000; int 15; int 1; setbit; byte 0x0001; ==', 3)
    testAccepts('int 4096; bzero; int 32767; int 1; setbit; int 32767; getbit', 4)
  })
  it('fail outside the value or for a bit value over 1', () => {
    testPanics('int 1; int 64; getbit; int 0; ==', 3, 'getbit index > 63 with Uint')
    testPanics('byte 0xfff0; int 16; getbit; int 0; ==', 3, 'getbit index beyond byteslice')
    testPanics(`byte 0xfff0; int ${MAX}; getbit`, 3, 'getbit index beyond byteslice')
    testPanics('byte 0x; int 0; getbit', 3, 'getbit index beyond byteslice')
    testPanics('int 0; int 3; int 2; setbit; pop; int 1', 3, 'setbit value > 1')
    testPanics('int 0; int 64; int 1; setbit', 3, 'setbit index > 63 with Uint')
    testPanics(
      'byte 0xfffff4; int 24; int 0; setbit; byte 0xbf; ==',
      3,
      'setbit index beyond byteslice',
    )
    // The bit value is checked first.
    testPanics('byte 0x; int 99; int 2; setbit; len', 3, 'setbit value > 1')
  })
  it('setbit does not change a shared value', () => {
    testAccepts(
      'byte 0xfffff0; dup; int 21; int 1; setbit; byte 0xfffff4; ==; pop; byte 0xfffff0; ==',
      3,
    )
    testAccepts(
      'byte 0xffff; byte 0xf0; concat; dup; int 21; int 1; setbit; byte 0xfffff4; ==; pop; byte 0xfffff0; ==',
      3,
    )
  })
})

describe('getbyte setbyte', () => {
  it('read and write one byte', () => {
    testAccepts('byte 0x12345678; int 2; getbyte; int 0x56; ==', 3)
    testAccepts('byte "john"; int 0; getbyte; int 106; ==', 3)
    testAccepts('byte "john"; int 3; getbyte; int 110; ==', 3)
    testAccepts('byte "john"; int 2; int 105; setbyte; byte "join"; ==', 3)
    testAccepts('byte 0x00; int 0; int 255; setbyte; byte 0xff; ==', 3)
    testAccepts('global ZeroAddress; dup; concat; int 63; int 7; setbyte; int 1; return', 3)
  })
  it('fail outside the string or for a value over 255', () => {
    testPanics(
      'byte 0x12345678; int 4; getbyte; int 0x56; ==',
      3,
      'getbyte index beyond array length',
    )
    testPanics(`byte "john"; int ${MAX}; getbyte`, 3, 'getbyte index beyond array length')
    testPanics('byte "john"; int 2; int 256; setbyte; pop; int 1;', 3, 'setbyte value > 255')
    testPanics(
      'global ZeroAddress; dup; concat; int 64; int 7; setbyte; int 1; return',
      3,
      'setbyte index beyond array length',
    )
    testPanics('byte 0x; int 0; int 256; setbyte; len', 3, 'setbyte value > 255')
  })
  it('setbyte does not change a shared value', () => {
    testAccepts('byte "john"; dup; int 2; int 105; setbyte; pop; byte "john"; ==', 3)
    testAccepts(
      'byte "jo"; byte "hn"; concat; dup; int 2; int 105; setbyte; pop; byte "john"; ==',
      3,
    )
  })
})

describe('extract extract3 extract_uintN', () => {
  it('take [start, start+length); a zero immediate length means to the end', () => {
    testAccepts('byte 0x123456789abc; extract 1 2; byte 0x3456; ==', 5)
    testAccepts('byte 0x123456789abc; extract 0 6; byte 0x123456789abc; ==', 5)
    testAccepts('byte 0x123456789abc; extract 3 0; byte 0x789abc; ==', 5)
    testAccepts('byte 0x123456789abc; extract 6 0; len; int 0; ==', 5)
    testAccepts('byte 0x123456789abcaa; extract 0 6; byte 0x123456789abcaa; !=', 5)
    testAccepts('byte 0x123456789abc; int 5; int 1; extract3; byte 0xbc; ==', 5)
    testAccepts('byte 0x123456789abc; int 5; int 1; extract; byte 0xbc; ==', 5)
    testAccepts('byte "hello"; extract 5 0; byte ""; ==', 5)
    testAccepts('byte "hello"; int 5; int 0; extract3; byte ""; ==', 5)
    testAccepts('int 4096; bzero; extract 255 0; len; int 3841; ==', 5)
    testAccepts('int 4096; bzero; int 4000; int 96; extract3; len; int 96; ==', 5)
  })
  it('extract_uint16/32/64 read big-endian integers', () => {
    testAccepts('byte 0x123456789abcdef0; int 1; extract_uint16; int 0x3456; ==', 5)
    testAccepts('byte 0x123456789abcdef0; int 1; extract_uint32; int 0x3456789a; ==', 5)
    testAccepts('byte 0x123456789abcdef0; int 0; extract_uint64; int 0x123456789abcdef0; ==', 5)
    testAccepts('byte 0x123456789abcdef0; int 6; extract_uint16; int 0xdef0; ==', 5)
    testAccepts(`byte 0xffffffffffffffff; int 0; extract_uint64; int ${MAX}; ==`, 5)
  })
  it('fail outside the string', () => {
    testPanics(
      'byte 0xf000000000000000; extract 1 8; len',
      5,
      'extraction end 9 is beyond length: 8',
    )
    testPanics(
      'byte 0xf000000000000000; extract 9 0; len',
      5,
      'extraction start 9 is beyond length: 8',
    )
    testPanics(
      'byte 0xf000000000000000; extract 9 1; len',
      5,
      'extraction start 9 is beyond length: 8',
    )
    testPanics(
      'byte 0xf000000000000000; int 4; int 0xFFFFFFFFFFFFFFFE; extract3; len',
      5,
      'extraction end exceeds uint64',
    )
    testPanics(
      `byte 0xf000000000000000; int ${MAX}; int 0; extract3; len`,
      5,
      `extraction start ${MAX} is beyond length: 8`,
    )
    testPanics(
      'byte 0xf000000000000000; int 100; int 2; extract3; len',
      5,
      'extraction start 100 is beyond length: 8',
    )
    testPanics(
      'byte 0xf000000000000000; int 7; int 2; extract3; len',
      5,
      'extraction end 9 is beyond length: 8',
    )
    testPanics(
      'byte 0xf000000000000000; int 55; extract_uint16',
      5,
      'extraction start 55 is beyond length: 8',
    )
    testPanics(
      'byte 0xf000000000000000; int 9; extract_uint32',
      5,
      'extraction start 9 is beyond length: 8',
    )
    testPanics(
      'byte 0xf000000000000000; int 1; extract_uint64',
      5,
      'extraction end 9 is beyond length: 8',
    )
    testPanics('byte 0xf000; int 1; extract_uint16', 5, 'extraction end 3 is beyond length: 2')
    testPanics(
      `byte 0xf000; int ${MAX}; extract_uint16`,
      5,
      `extraction start ${MAX} is beyond length: 2`,
    )
  })
})

describe('replace2 replace3', () => {
  it('overwrite inside the string, keeping its length', () => {
    testAccepts('byte 0x11111111; byte 0x2222; replace2 0; byte 0x22221111; ==', 7)
    testAccepts('byte 0x11111111; byte 0x2222; replace2 1; byte 0x11222211; ==', 7)
    testAccepts('byte 0x11111111; byte 0x2222; replace2 2; byte 0x11112222; ==', 7)
    testAccepts('byte 0x11111111; int 0; byte 0x2222; replace3; byte 0x22221111; ==', 7)
    testAccepts('byte 0x11111111; int 2; byte 0x2222; replace3; byte 0x11112222; ==', 7)
    testAccepts('byte 0x11111111; int 4; byte 0x; replace3; byte 0x11111111; ==', 7)
    testAccepts('byte 0x; byte 0x; replace2 0; byte 0x; ==', 7)
    testAccepts('byte 0x; int 0; byte 0x; replace3; byte 0x; ==', 7)
    testAccepts('byte 0x1111; dup; byte 0x22; replace2 0; pop; byte 0x1111; ==', 7)
  })
  it('fail when the replacement does not fit', () => {
    testPanics(
      'byte 0x11111111; byte 0x2222; replace2 3; len',
      7,
      'replacement end 5 beyond original length: 4',
    )
    testPanics(
      'byte 0x11111111; int 3; byte 0x2222; replace3; len',
      7,
      'replacement end 5 beyond original length: 4',
    )
    testPanics(
      'byte 0x11111111; int 4; byte 0x22; replace3; len',
      7,
      'replacement end 5 beyond original length: 4',
    )
    testPanics(
      'byte 0x11111111; int 5; byte 0x; replace3; len',
      7,
      'replacement start 5 beyond length: 4',
    )
    testPanics(
      `byte 0x11111111; int ${MAX}; byte 0x; replace3; len`,
      7,
      `replacement start ${MAX} beyond length: 4`,
    )
    testPanics('byte 0x11; byte 0x22; replace2 2; len', 7, 'replacement start 2 beyond length: 1')
  })
})

describe('bzero', () => {
  it('makes up to 4096 zero bytes', () => {
    testAccepts('int 3; bzero; byte 0x000000; ==', 4)
    testAccepts('int 0; bzero; byte 0x; ==', 4)
    testAccepts('int 4096; bzero; len; int 4096; ==', 4)
    testPanics(notrack('int 4097; bzero; len'), 4, 'bzero attempted to create a too large string')
    testPanics(notrack(`int ${MAX}; bzero; len`), 4, 'bzero attempted to create a too large string')
  })
})
