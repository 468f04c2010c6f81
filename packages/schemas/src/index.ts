/**
 * @unica/schemas: the REST API's route table and the zod schemas and types of every payload, shared
 * by the server (route registration, validation, OpenAPI) and every client (the typed client made
 * from the table: the web app, the launcher's seed, the e2e suite). Depends on zod only.
 */
export * from './admin.js'
export * from './api.js'
export * from './assets.js'
export * from './auth.js'
export * from './client.js'
export * from './common.js'
export * from './config.js'
export * from './contracts.js'
export * from './discovery.js'
export * from './live.js'
export * from './operations.js'
export * from './personal.js'
export * from './royalty.js'
export * from './users.js'
export * from './route.js'
