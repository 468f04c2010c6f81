import type { OpFamily } from '../handler.js'

export const CRYPTO_OPS: OpFamily = {}
