/**
 * @unica/contracts: the marketplace's programs (manager, clear, proxy), the builders of every
 * transaction group, state decoders and the fee and cost arithmetic. Pure: no network access.
 */
export * from './args.js'
export * from './arc3.js'
export * from './builders/auction.js'
export * from './builders/group.js'
export * from './builders/opt-in.js'
export * from './builders/setup.js'
export * from './builders/trade.js'
export * from './costs.js'
export * from './market/index.js'
export * from './nft.js'
export * from './programs/index.js'
export * from './protocol.js'
export * from './state.js'
export * from './royalty.js'
export * from './rescue/index.js'
