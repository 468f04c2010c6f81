import type { OpFamily } from '../handler.js'

export const BOX_OPS: OpFamily = {}
