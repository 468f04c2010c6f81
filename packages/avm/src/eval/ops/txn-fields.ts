import type { OpFamily } from '../handler.js'

export const TXN_FIELDS_OPS: OpFamily = {}
