export * from './versions.js'
export * from './royalty.js'
