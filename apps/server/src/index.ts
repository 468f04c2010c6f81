/** @unica/server: the app factory, configuration, chain and database, for the entry points and tests. */
export { buildApp, type AppOptions } from './app.js'
export { connectChain, type Chain } from './chain.js'
export { loadConfig, type ServerConfig } from './config.js'
export type { AppContext } from './context.js'
export * from './db/index.js'
export { diskStorage } from './media/disk.js'
export type { MediaStorage } from './media/storage.js'
export { startWorker, type Worker, type WorkerOptions } from './worker/index.js'
