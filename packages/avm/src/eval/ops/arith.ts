import type { OpFamily } from '../handler.js'

export const ARITH_OPS: OpFamily = {}
