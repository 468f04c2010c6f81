/**
 * @unica/schemas: the zod schemas and types of every REST payload, shared by the server (route
 * validation, OpenAPI) and the web app (forms, response parsing). Depends on zod only.
 */
export * from './assets.js'
export * from './common.js'
export * from './config.js'
export * from './contracts.js'
export * from './operations.js'
export * from './users.js'
