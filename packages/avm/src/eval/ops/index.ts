/**
 * Every opcode handler by name. An opcode in the table without a handler here evaluates to the
 * explicit error `unsupported opcode NAME` (see run.ts); the README lists them.
 */
import type { OpFamily } from '../handler.js'
import { ARITH_OPS } from './arith.js'
import { BOX_OPS } from './box.js'
import { BYTEMATH_OPS } from './bytemath.js'
import { BYTES_OPS } from './bytes.js'
import { CONSTANT_OPS } from './constants.js'
import { CRYPTO_OPS } from './crypto.js'
import { EC_OPS } from './ec.js'
import { FLOW_OPS } from './flow.js'
import { INNER_OPS } from './inner.js'
import { SCRATCH_OPS } from './scratch.js'
import { STACK_OPS } from './stack.js'
import { STATE_OPS } from './state.js'
import { TXN_FIELDS_OPS } from './txn-fields.js'

const FAMILIES: readonly OpFamily[] = [
  ARITH_OPS,
  BOX_OPS,
  BYTEMATH_OPS,
  BYTES_OPS,
  CONSTANT_OPS,
  CRYPTO_OPS,
  EC_OPS,
  FLOW_OPS,
  INNER_OPS,
  SCRATCH_OPS,
  STACK_OPS,
  STATE_OPS,
  TXN_FIELDS_OPS,
]

function merge(families: readonly OpFamily[]): OpFamily {
  const all: Record<string, OpFamily[string]> = {}
  for (const family of families) {
    for (const [name, handler] of Object.entries(family)) {
      if (name in all) throw new Error(`opcode ${name} has two handlers`)
      all[name] = handler
    }
  }
  return all
}

export const HANDLERS: OpFamily = merge(FAMILIES)
