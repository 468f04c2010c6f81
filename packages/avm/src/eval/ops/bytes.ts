import type { OpFamily } from '../handler.js'

export const BYTES_OPS: OpFamily = {}
