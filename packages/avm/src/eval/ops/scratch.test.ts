import { describe, it } from 'vitest'
import { testAccepts, testPanics } from '../../../test/helpers.js'

describe('scratch space', () => {
  it('starts as zeros and keeps what is stored', () => {
    testAccepts('load 200\nint 0\n==', 1, { noGate: true })
    testAccepts('byte "x"\nstore 255\nload 255\nbyte "x"\n==', 1, { noGate: true })
  })
  it('loads and stores take the slot from the stack', () => {
    testAccepts('int 3\nint 42\nstores\nint 3\nloads\nint 42\n==', 5)
    testPanics('int 256\nloads\nint 1', 5, 'invalid Scratch index 256')
    testPanics('int 256\nint 1\nstores\nint 1', 5, 'invalid Scratch index 256')
  })
})
