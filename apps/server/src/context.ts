/**
 * What every route needs, built once by the entry point (or a test) and passed to buildApp, which
 * hands each route its RouteContext: the same, with repositories in place of the database.
 */
import type { Chain } from './chain/connection.js'
import type { RateLimitConfig } from './config.js'
import type { Database } from './db/index.js'
import { repositoriesOf, type Repositories } from './db/repositories/for-routes.js'
import type { IpfsStore } from '@unica/ipfs'
import type { Mailer } from './email/mailer.js'
import type { MediaStorage } from './media/storage.js'

export interface AppContext {
  readonly database: Database
  readonly chain: Chain
  readonly storage: MediaStorage
  /** Base URL of this API as browsers reach it; when absent, taken from each request's Host. */
  readonly publicUrl: string | undefined
  readonly cookieSecret: string
  readonly rateLimit: RateLimitConfig
  readonly trustProxy: boolean
  /** SMTP_URL's mailer (notifications by email); absent: no mail. */
  readonly mailer?: Mailer
  /**
   * The IPFS blockstore (IPFS_DIR): uploads are added to it and GET /ipfs/{cid} serves it. Absent
   * (some tests, benchmarks): the gateway holds nothing and uploads get no CID.
   */
  readonly ipfs?: IpfsStore
}

/** What a route receives: no database handle, the repositories bound to it instead. */
export type RouteContext<C extends AppContext = AppContext> = Omit<C, 'database'> & {
  readonly repos: Repositories
}

export function routeContext<C extends AppContext>(ctx: C): RouteContext<C> {
  const { database, ...rest } = ctx
  return { ...rest, repos: repositoriesOf(database) }
}
