/** Keeps `--against` honest: each figure line of every run lands in its measure's group. */
import { describe, expect, it } from 'vitest'
import { sideBySide } from './against.js'

const side = (label: string) => ({ label, dir: '/x', env: {} })

describe('bench --against', () => {
  it('groups each run’s figure lines by section and what they measure, whatever the numbers’ widths', () => {
    const runs = [
      { side: side('this'), round: 1, lines: ['one', '  a  1.5 k/s', '  b 20 ms', 'two', '  a 9'] },
      { side: side('against'), round: 1, lines: ['one', '  a 11.2 k/s', '  b 25 ms', '  c 3'] },
    ]
    expect(sideBySide(runs)).toEqual([
      'this 1    |   a  1.5 k/s',
      'against 1 |   a 11.2 k/s',
      '',
      'this 1    |   b 20 ms',
      'against 1 |   b 25 ms',
      '',
      'this 1    |   a 9',
      '',
      'against 1 |   c 3',
      '',
    ])
  })
})
