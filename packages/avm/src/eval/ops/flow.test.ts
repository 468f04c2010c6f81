import { describe, it } from 'vitest'
import { testAccepts, testPanics, testRejects } from '../../../test/helpers.js'

describe('err, return, assert', () => {
  it('err fails the program', () => {
    testPanics('int 1\nerr', 1, 'err opcode executed')
  })
  it('return ends with the top of stack as the result', () => {
    testAccepts('int 7\nint 1\nreturn\nerr', 2)
    testRejects('int 1\nint 0\nreturn', 2)
    testPanics('#pragma typetrack false\nreturn', 2, 'stack underflow in return')
  })
  it('assert passes on non-zero and fails on zero', () => {
    testAccepts('int 1\nassert\nint 1', 3)
    testPanics('int 0\nassert\nint 1', 3, 'assert failed pc=')
  })
})

describe('branches', () => {
  it('bnz and bz branch on the popped value', () => {
    testAccepts('int 1\nbnz yes\nerr\nyes:\nint 1', 1, { noGate: true })
    testAccepts('int 0\nbz yes\nerr\nyes:\nint 1', 2)
    testAccepts('int 0\nbnz no\nint 1\nreturn\nno:\nerr', 2, { noGate: true })
  })
  it('b jumps unconditionally', () => {
    testAccepts('b over\nerr\nover:\nint 1', 2)
  })
  it('branching to the very end of the program ends it (v2+)', () => {
    testAccepts('int 1\nint 1\nbnz end\nerr\nend:', 2, { noGate: true })
  })
  it('loops backwards from v4', () => {
    testAccepts('int 0\nloop:\nint 1\n+\ndup\nint 10\n<\nbnz loop\nint 10\n==', 4, {
      noGate: true,
    })
  })
  it('a branch needs a uint64', () => {
    testPanics(
      '#pragma typetrack false\nbyte 0x01\nbnz x\nx:\nint 1',
      1,
      'bnz arg 0 wanted uint64 but got []byte',
    )
  })
})

describe('subroutines and frames', () => {
  it('callsub and retsub return to the caller', () => {
    testAccepts('int 3\ncallsub double\nint 6\n==\nreturn\ndouble:\ndup\n+\nretsub', 4)
  })
  it('retsub with an empty callstack fails', () => {
    testPanics('int 1\nretsub', 4, 'retsub with empty callstack')
  })
  it('proto declares args and returns, and retsub cleans the frame', () => {
    const program = `int 1
int 2
callsub add
int 3
==
return
add:
proto 2 1
frame_dig -2
frame_dig -1
+
retsub`
    testAccepts(program, 8)
  })
  it('proto without callsub fails', () => {
    testPanics('int 1\nbnz p\nerr\np:\nproto 0 0\nint 1', 8, 'proto was executed without a callsub')
  })
  it('retsub checks the declared number of return values', () => {
    testPanics('callsub f\nint 1\nreturn\nf:\nproto 0 1\nretsub', 8, 'no return values on stack')
  })
  it('frame_dig may not reach below the declared args', () => {
    const program =
      '#pragma typetrack false\nint 1\ncallsub f\nreturn\nf:\nproto 1 1\nframe_dig -2\nretsub'
    testPanics(program, 8, 'frame_dig -2 in sub with 1 args')
  })
  it('frame_bury replaces a frame slot', () => {
    // a local slot (above the frame) ...
    const local = 'proto 1 1\nint 0\nint 9\nframe_bury 0\nretsub'
    testAccepts(`int 5\ncallsub f\nint 9\n==\nreturn\nf:\n${local}`, 8)
    // ... and an argument slot (below it)
    const arg = 'proto 1 1\nint 7\nframe_bury -1\nframe_dig -1\nretsub'
    testAccepts(`int 5\ncallsub f\nint 7\n==\nreturn\nf:\n${arg}`, 8)
  })
  it('frame_dig outside a subroutine fails', () => {
    testPanics('frame_dig 0\nint 1', 8, 'frame_dig with empty callstack')
  })
})

describe('switch and match', () => {
  it('switch jumps to the indexed label, or falls through past the end', () => {
    testAccepts('int 1\nswitch a b\nerr\na:\nerr\nb:\nint 1', 8)
    testAccepts('int 5\nswitch a b\nint 1\nreturn\na:\nb:\nerr', 8)
  })
  it('match jumps to the label of the first equal value', () => {
    testAccepts('int 1\nint 2\nint 2\nmatch a b\nerr\na:\nerr\nb:\nint 1', 8)
    testAccepts('byte "x"\nbyte "y"\nbyte "y"\nmatch a b\nerr\na:\nerr\nb:\nint 1', 8)
    testAccepts('int 1\nint 2\nint 3\nmatch a b\nint 1\nreturn\na:\nb:\nerr', 8)
  })
  it('match never equates a uint64 with bytes', () => {
    testAccepts('byte 0x01\nint 1\nmatch a\nint 1\nreturn\na:\nerr', 8)
  })
  it('match needs its list on the stack', () => {
    testPanics(
      '#pragma typetrack false\nint 1\nmatch a b\na:\nb:\nint 1',
      8,
      'match expects 3 stack args',
    )
  })
})
