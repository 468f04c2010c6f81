/**
 * Wallet handle tokens as kmd issues them (daemon/kmd/session): `<16 hex id>.<64 hex secret>`,
 * valid for a session lifetime (kmd's default 60 s) from init or the last renew, compared in
 * constant time, removed on release or when found expired.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { KMD_MESSAGES, badRequest, unauthorized } from './errors.js'

/** kmd's config.go defaultSessionLifetimeSecs. */
export const DEFAULT_SESSION_LIFETIME_SECONDS = 60

/** Our memory bound: a real kmd has none, but an empty-password wallet lets anyone open handles. */
const MAX_OPEN_HANDLES = 100_000

const HANDLE_ID = /^[0-9a-f]{16}$/
const HANDLE_SECRET = /^[0-9a-f]{64}$/

interface Handle {
  readonly secret: Buffer
  readonly walletId: string
  expiresAtMs: number
}

export interface AuthorizedHandle {
  readonly walletId: string
  /** Whole seconds left, truncated as kmd does (int64(time.Until(expires).Seconds())). */
  readonly expiresSeconds: number
}

export class HandleManager {
  private readonly handles = new Map<string, Handle>()

  constructor(
    private readonly lifetimeSeconds = DEFAULT_SESSION_LIFETIME_SECONDS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new token for a wallet whose password the caller has already checked. */
  open(walletId: string): string {
    this.sweepExpired()
    if (this.handles.size >= MAX_OPEN_HANDLES) throw badRequest(KMD_MESSAGES.tooManyHandles)
    let id = randomBytes(8).toString('hex')
    while (this.handles.has(id)) id = randomBytes(8).toString('hex')
    const secret = randomBytes(32).toString('hex')
    this.handles.set(id, {
      secret: Buffer.from(secret),
      walletId,
      expiresAtMs: this.now() + this.lifetimeSeconds * 1000,
    })
    return `${id}.${secret}`
  }

  /** kmd's AuthWithWalletHandleToken: the wallet of a live handle. */
  authorize(token: string): AuthorizedHandle {
    return this.use(token, false)
  }

  /** kmd's RenewWalletHandleToken: restarts the handle's lifetime. */
  renew(token: string): AuthorizedHandle {
    return this.use(token, true)
  }

  /** kmd's ReleaseWalletHandle; an expired handle can still be released. */
  release(token: string): void {
    const [id] = this.lookup(token)
    this.handles.delete(id)
  }

  private use(token: string, renew: boolean): AuthorizedHandle {
    const [id, handle] = this.lookup(token)
    const now = this.now()
    if (now > handle.expiresAtMs) {
      this.handles.delete(id)
      throw unauthorized(KMD_MESSAGES.handleExpired)
    }
    if (renew) handle.expiresAtMs = now + this.lifetimeSeconds * 1000
    return {
      walletId: handle.walletId,
      expiresSeconds: Math.trunc((handle.expiresAtMs - now) / 1000),
    }
  }

  private lookup(token: string): [string, Handle] {
    const dot = token.indexOf('.')
    if (dot < 0) throw unauthorized(KMD_MESSAGES.wrongTokenParts)
    const id = token.slice(0, dot)
    const secret = token.slice(dot + 1)
    if (!HANDLE_ID.test(id)) throw unauthorized(KMD_MESSAGES.invalidHandleId)
    if (!HANDLE_SECRET.test(secret)) throw unauthorized(KMD_MESSAGES.invalidHandleSecret)
    const handle = this.handles.get(id)
    if (handle === undefined) throw unauthorized(KMD_MESSAGES.handleNotFound)
    if (!timingSafeEqual(Buffer.from(secret), handle.secret)) {
      throw unauthorized(KMD_MESSAGES.invalidToken)
    }
    return [id, handle]
  }

  private sweepExpired(): void {
    const now = this.now()
    for (const [id, handle] of this.handles) if (now > handle.expiresAtMs) this.handles.delete(id)
  }
}
