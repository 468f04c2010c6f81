/** The devnet's deterministic genesis and its first block (the USDC setup). */
export { buildGenesis, genesisDocument, GENESIS_TXN_COUNTER } from './genesis.js'
export { signBytes } from './keys.js'
export { usdcSetupGroup } from './usdc.js'
