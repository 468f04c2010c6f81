import type { OpFamily } from '../handler.js'

export const BYTEMATH_OPS: OpFamily = {}
