/**
 * Puts the browser policy (http/browser-policy.ts) on every answer of the app: API, media, errors,
 * not-found, and the SPA when the launcher serves it from the same instance. A route that set its
 * own, stricter Content-Security-Policy (media) keeps it.
 */
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context.js'
import { browserHeaders, HSTS } from './browser-policy.js'

export function installBrowserPolicy(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'chain' | 'storage' | 'publicUrl'>,
): void {
  const { endpoints } = ctx.chain
  const headers = browserHeaders({
    network: endpoints.network,
    algodUrl: endpoints.algodUrl,
    indexerUrl: endpoints.indexerUrl,
    kmdUrl: endpoints.kmdUrl,
    mediaOrigin: ctx.storage.publicOrigin,
  })
  // PUBLIC_URL says how browsers reach us; otherwise the request does (X-Forwarded-Proto is
  // believed only with TRUST_PROXY, through Fastify's trustProxy).
  const alwaysHttps = ctx.publicUrl?.startsWith('https://') === true
  // A callback hook: an async one would cost every answer a promise for synchronous work.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers.always)
    if (!reply.hasHeader('content-security-policy')) {
      const docs = request.url.startsWith('/api/docs')
      reply.header('content-security-policy', docs ? headers.docsCsp : headers.csp)
    }
    if (alwaysHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    // The CSRF token must not be cached.
    if (request.url.startsWith('/api/token/')) reply.header('cache-control', 'no-store')
    done(null, payload)
  })
}
