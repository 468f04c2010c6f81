/**
 * @unica/devnet: an offline, Algorand-compatible network with algod, indexer and kmd REST APIs.
 * Start it in-process with `startDevnet`, or from the command line with `npm run devnet`.
 */
export {
  DEFAULT_HOST,
  DEFAULT_PORTS,
  startDevnet,
  type Devnet,
  type DevnetInfo,
  type DevnetOptions,
} from './devnet.js'
export { DEFAULT_TOKEN } from './http/server.js'
export { DEFAULT_WALLET_NAME, DEFAULT_WALLET_PASSWORD } from './kmd/index.js'
export type { Chain, GenesisAccount, GenesisInfo } from './chain/types.js'
