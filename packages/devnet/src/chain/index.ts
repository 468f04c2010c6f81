/**
 * The chain core: `createChain()` makes the devnet's Chain (types.ts), in dev mode unless a
 * block interval is given, over an in-memory block store unless one is given (replayed on start).
 */
import { DevnetChain, type ChainOptions } from './chain.js'
import type { Chain } from './types.js'

export type { ChainOptions } from './chain.js'
export { SimulateRequestError } from './simulate.js'

export function createChain(options: ChainOptions = {}): Chain {
  return new DevnetChain(options)
}
