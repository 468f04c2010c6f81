/** Keeps `--against` honest: each figure line of every run lands in its measure's group. */
import { describe, expect, it } from 'vitest'
import { sideBySide } from './against.js'

const side = (label: string) => ({ label, dir: '/x', env: {} })

describe('bench --against', () => {
  it('groups each run’s figure lines by what they measure, runs in order', () => {
    const runs = [
      { side: side('this'), round: 1, lines: ['title', '  a  1.5 k/s', '  b 20 ms'] },
      { side: side('against'), round: 1, lines: ['  a  1.2 k/s', '  b 25 ms', '  c 3'] },
    ]
    expect(sideBySide(runs)).toEqual([
      'this 1    |   a  1.5 k/s',
      'against 1 |   a  1.2 k/s',
      '',
      'this 1    |   b 20 ms',
      'against 1 |   b 25 ms',
      '',
      'against 1 |   c 3',
      '',
    ])
  })
})
