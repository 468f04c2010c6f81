import type { OpFamily } from '../handler.js'

export const INNER_OPS: OpFamily = {}
