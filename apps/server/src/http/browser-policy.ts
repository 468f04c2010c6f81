/**
 * The headers that protect people who sign transactions on our pages: a strict
 * Content-Security-Policy, no framing by any other site, no referrer leaks across origins, and
 * HSTS once we are served over https. One home: the server's onSend hook puts them on every
 * answer (API, media, errors, and the SPA the launcher serves from the same Fastify instance).
 *
 * The policy is computed once from the configuration, because the browser must reach exactly the
 * chain endpoints /api/config/ gives it (algod, indexer, and KMD on development networks) and the
 * wallets offered on the network (apps/web/src/common/wallet/choices.ts).
 */
import { isDevNetwork, LOCALNET_KMD_URL } from '@unica/schemas'

export interface BrowserPolicyInput {
  readonly network: string
  readonly algodUrl: string
  readonly indexerUrl: string
  /** KMD's URL on development networks (LocalNet's default when unset, as the web app assumes). */
  readonly kmdUrl?: string | undefined
  /** The origin that serves media when it is not this server (S3_PUBLIC_URL). */
  readonly mediaOrigin?: string | undefined
}

/**
 * Pera and Defly (offered on TestNet and MainNet only) pair over WalletConnect v1: they fetch
 * their bridge list and connect to bridges on their own domains, fetch their modal's animations
 * and sound from their buckets, and style their modal with <style> elements inside shadow roots
 * and Google Fonts. Without them (development networks) none of this is allowed.
 */
const MOBILE_WALLETS = {
  connect: [
    'https://*.perawallet.app',
    'wss://*.perawallet.app',
    'https://*.defly.app',
    'wss://*.defly.app',
    'https://s3.amazonaws.com/wc.perawallet.app/',
    'https://defly-walletconnect.s3.eu-central-1.amazonaws.com/',
  ],
  media: [
    'https://s3.amazonaws.com/wc.perawallet.app/',
    'https://defly-walletconnect.s3.eu-central-1.amazonaws.com/',
  ],
  style: ["'unsafe-inline'", 'https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
  img: ['https://*.perawallet.app', 'https://*.defly.app'],
} as const

function origin(url: string): string {
  return new URL(url).origin
}

/** The Content-Security-Policy of every answer, as one header value. */
export function contentSecurityPolicy(input: BrowserPolicyInput): string {
  const dev = isDevNetwork(input.network)
  const chain = [input.algodUrl, input.indexerUrl]
  if (dev) chain.push(input.kmdUrl ?? LOCALNET_KMD_URL)
  const connect = ["'self'", ...new Set(chain.map(origin))]
  // blob: is the user's own file, decoded to check its size before minting (admin/image.ts).
  const img = ["'self'", 'data:', 'blob:']
  if (input.mediaOrigin !== undefined) img.push(origin(input.mediaOrigin))
  const style = ["'self'"]
  const font = ["'self'"]
  const media = ["'self'"]
  if (!dev) {
    connect.push(...MOBILE_WALLETS.connect)
    img.push(...MOBILE_WALLETS.img)
    style.push(...MOBILE_WALLETS.style)
    font.push(...MOBILE_WALLETS.font)
    media.push(...MOBILE_WALLETS.media)
  }
  return [
    "default-src 'self'",
    // Only our own bundles: no inline script, no eval (lottie-web resolves to its light player).
    "script-src 'self'",
    `connect-src ${connect.join(' ')}`,
    `img-src ${img.join(' ')}`,
    `style-src ${style.join(' ')}`,
    `font-src ${font.join(' ')}`,
    `media-src ${media.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * What the browser may use on our pages: nothing it does not need. Only features browsers know:
 * Chromium warns on every page about a name it does not recognise ('bluetooth' is one: Web
 * Bluetooth is not under Permissions Policy there, and browsers without Web Bluetooth have
 * nothing to restrict), so listing it restricted nothing and cost a console warning.
 */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'interest-cohort=()',
].join(', ')

/** One year, as HSTS preload lists expect; only ever sent over https. */
export const HSTS = 'max-age=31536000; includeSubDomains'

export interface BrowserHeaders {
  /** Headers for every answer; `content-security-policy` only where the route set none. */
  readonly always: Readonly<Record<string, string>>
  readonly csp: string
  /** The OpenAPI page's: Swagger UI styles itself inline; it talks to our API only. */
  readonly docsCsp: string
}

/** The OpenAPI page (Swagger UI, /api/docs): no wallet, no chain; inline styles only. */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export function browserHeaders(input: BrowserPolicyInput): BrowserHeaders {
  return {
    csp: contentSecurityPolicy(input),
    docsCsp: DOCS_CSP,
    always: {
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': PERMISSIONS_POLICY,
      // same-origin-allow-popups, not same-origin: Lute's web wallet answers from the popup it
      // opens through window.opener.postMessage, which same-origin would sever.
      'cross-origin-opener-policy': 'same-origin-allow-popups',
    },
  }
}
