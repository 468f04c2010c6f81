/**
 * @unica/contracts/flows: the staff flow (create, deploy, configure) and the trade round trip,
 * over an algod client and an injected signer, with hooks for the marketplace's API. Unlike the
 * package's root, these talk to the network.
 */
export * from './chain.js'
export * from './staff.js'
export * from './trade.js'
export * from '../rescue/algosdk-reader.js'
