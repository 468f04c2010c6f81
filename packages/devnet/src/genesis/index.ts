/** The devnet's deterministic genesis and its first block (the USDC setup). */
export {
  buildGenesis,
  genesisDocument,
  DISPENSER,
  FEE_SINK,
  GENESIS_ID,
  GENESIS_TXN_COUNTER,
  NETWORK,
  ONLINE_WALLETS,
  REWARDS_POOL,
  TEST_WALLETS,
  USDC_ASSET_ID,
  USDC_ISSUER,
} from './genesis.js'
export {
  genesisParticipation,
  GENESIS_VOTE_FIRST,
  GENESIS_VOTE_KEY_DILUTION,
  GENESIS_VOTE_LAST,
} from './participation.js'
export { deterministicKey, keyFromSeed, signBytes, type KeyPair } from './keys.js'
export {
  usdcSetupGroup,
  USDC_DECIMALS,
  USDC_NAME,
  USDC_PER_WALLET,
  USDC_TOTAL,
  USDC_UNIT,
} from './usdc.js'
