/** The rescue: finding an account's bids, listings and held royalties, and the groups that free them. */
export * from './find.js'
export * from './plan.js'
export * from './reader.js'
