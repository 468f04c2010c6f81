import type { OpFamily } from '../handler.js'

export const EC_OPS: OpFamily = {}
