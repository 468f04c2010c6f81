import { describe, expect, it } from 'vitest'
import { OP_SPECS } from '../../spec/opcodes.js'
import { HANDLERS } from './index.js'

describe('handler registry', () => {
  it('has a handler for every opcode of the table (the README lists none as unsupported)', () => {
    const missing = [...new Set(OP_SPECS.map((s) => s.name))].filter((n) => !(n in HANDLERS))
    expect(missing).toEqual([])
  })
  it('has no handler for a name the table does not know', () => {
    const names = new Set(OP_SPECS.map((s) => s.name))
    expect(Object.keys(HANDLERS).filter((n) => !names.has(n))).toEqual([])
  })
})
