/**
 * The database for entry points and the package's users (launcher, bench): opening, migrating,
 * the Drizzle schema. Inside the server, only db/repositories/ reads and writes it.
 */
export * from './connection.js'
export * from './limits.js'
export * from './migrate.js'
export * from './schema.js'
export { setStaff } from './repositories/users.js'
