import { describe, expect, it } from 'vitest'
import { runBytes, testAccepts, testPanics } from '../../../test/helpers.js'

describe('constant blocks and literals', () => {
  it('int and byte constants load through the blocks the assembler builds', () => {
    testAccepts('int 5\nint 5\n==', 1, { noGate: true })
    testAccepts('byte "abc"\nbyte 0x616263\n==', 1, { noGate: true })
    testAccepts('int 18446744073709551615\nint 18446744073709551615\n==', 1, { noGate: true })
  })
  it('intc beyond the block fails (hand-made bytecode: the assembler refuses it)', () => {
    // v1: intcblock [1]; intc 1
    expect(runBytes(Uint8Array.from([1, 0x20, 1, 1, 0x21, 1])).error?.message).toBe(
      'intc 1 beyond 1 constants',
    )
    // v1: bytecblock [0x01]; bytec_1
    expect(runBytes(Uint8Array.from([1, 0x26, 1, 1, 1, 0x29])).error?.message).toBe(
      'bytec 1 beyond 1 constants',
    )
  })
  it('pushint, pushbytes, pushints, pushbytess push their immediates', () => {
    testAccepts('pushint 7\npushint 7\n==', 3)
    testAccepts('pushbytes 0x0102\nlen\npushint 2\n==', 3)
    testAccepts('pushints 1 2 3\n+\n+\npushint 6\n==', 8)
    testAccepts('pushbytess "a" "bc"\nconcat\nbyte "abc"\n==', 8)
  })
  it('a truncated varuint immediate fails the static check, never throws', () => {
    // v3: pushint (0x81) followed by a continuation byte and nothing else.
    const r = runBytes(Uint8Array.from([3, 0x81, 0x80]))
    expect(r.pass).toBe(false)
    expect(r.error?.message).toMatch(/pc=\s*1/)
  })
})

describe('logic-sig arguments', () => {
  const args = [Uint8Array.from([1]), Uint8Array.from([2, 2])]
  it('arg, arg_N and args read the signature arguments', () => {
    testAccepts('arg_1\nlen\nint 2\n==', 1, { args, noGate: true })
    testAccepts('arg 0\nbyte 0x01\n==', 1, { args, noGate: true })
    testAccepts('int 1\nargs\nlen\nint 2\n==', 5, { args })
  })
  it('an argument beyond those given fails', () => {
    testPanics('arg_2\nint 1', 1, 'cannot load arg[2] of 2', { args, noGate: true })
  })
  it('args are for logic signatures only', () => {
    testPanics('arg_0\nint 1', 2, 'not allowed in current mode', {
      args,
      mode: 'app',
      noGate: true,
    })
  })
})
