/**
 * @unica/devnet/testing: the devnet as tests and benchmarks use it, over HTTP on free ports, with
 * clients, keys, funded accounts and USDC. No test runner is imported here, so Playwright and the
 * benchmarks use it as well as vitest suites.
 */
export {
  ALGO,
  DevnetKit,
  USDC,
  algodOf,
  genesisAccount,
  indexerOf,
  kmdOf,
  type Holdings,
  type NewAccountOptions,
} from './kit.js'
export { keySigner, randomAccount, signBytes, signWith, type TestAccount } from './keys.js'
