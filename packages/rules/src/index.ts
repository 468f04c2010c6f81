export * from './versions.js'
export * from './royalty.js'
export * from './operations.js'
export * from './auction.js'
