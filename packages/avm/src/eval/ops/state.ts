import type { OpFamily } from '../handler.js'

export const STATE_OPS: OpFamily = {}
