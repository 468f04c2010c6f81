export * from './connection.js'
export * from './migrate.js'
export * from './schema.js'
export * from './staff.js'
