/** What every route needs, built once by the entry point (or a test) and passed to buildApp. */
import type { Chain } from './chain.js'
import type { RateLimitConfig } from './config.js'
import type { Database } from './db/index.js'
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
