import { describe, it } from 'vitest'
import { testAccepts, testPanics } from '../../../test/helpers.js'

describe('stack shaping', () => {
  it('pop, dup, dup2, swap', () => {
    testAccepts('int 1\nint 2\npop', 1, { noGate: true })
    testAccepts('int 3\ndup\n==', 1, { noGate: true })
    const dup2 = 'int 1\nint 2\ndup2\nint 2\n==\nassert\nint 1\n==\nassert\nint 2\n==\nassert'
    testAccepts(`${dup2}\nint 1\n==`, 3, { noGate: true })
    testAccepts('int 1\nint 2\nswap\nint 1\n==\nassert\nint 2\n==', 3)
  })
  it('select keeps the second value when the condition is non-zero, else the first', () => {
    testAccepts('int 5\nint 6\nint 1\nselect\nint 6\n==', 3)
    testAccepts('int 5\nint 6\nint 0\nselect\nint 5\n==', 3)
  })
  it('dig copies the value n below the top', () => {
    testAccepts('int 7\nint 8\nint 9\ndig 2\nint 7\n==\nreturn', 3)
    testPanics('#pragma typetrack false\nint 1\ndig 1\nint 1', 3, 'dig 1 with stack size = 1')
  })
  it('cover and uncover move the top in and out', () => {
    testAccepts('int 1\nint 2\nint 3\ncover 2\nint 2\n==\nassert\nint 1\n==\nassert\nint 3\n==', 5)
    testAccepts(
      'int 1\nint 2\nint 3\nuncover 2\nint 1\n==\nassert\nint 3\n==\nassert\nint 2\n==',
      5,
    )
    testPanics('#pragma typetrack false\nint 1\ncover 1\nint 1', 5, 'cover 1 with stack size = 1')
    testPanics(
      '#pragma typetrack false\nint 1\nuncover 1\nint 1',
      5,
      'uncover 1 with stack size = 1',
    )
  })
  it('bury replaces a deeper value with the top', () => {
    testAccepts('int 0\nint 9\nint 1\nbury 2\npop\nint 1\n==', 8)
    testPanics('#pragma typetrack false\nint 1\nbury 1', 8, 'bury outside stack')
  })
  it('popn and dupn', () => {
    testAccepts('int 1\nint 2\nint 3\npopn 2', 8)
    testPanics('#pragma typetrack false\nint 1\npopn 2\nint 1', 8, 'popn 2 while stack contains 1')
    testAccepts('int 1\ndupn 3\n+\n+\n+\nint 4\n==', 8)
  })
  it('the stack may not exceed 1000 values', () => {
    testAccepts(
      'int 1\ndupn 255\ndupn 255\ndupn 255\ndupn 233\npopn 255\npopn 255\npopn 255\npopn 233',
      8,
    )
    testPanics('int 1\ndupn 255\ndupn 255\ndupn 255\ndupn 234\nint 1', 8, 'stack overflow')
  })
})
