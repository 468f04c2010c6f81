/**
 * The Fastify application: plugins (cookies, CSRF, rate limits, multipart, OpenAPI), the error
 * shape, and every route of docs/product.md §7 (registered from the route table of
 * @unica/schemas). `buildApp` starts nothing: the entry point listens,
 * tests use `app.inject`.
 */
import fastifyCookie from '@fastify/cookie'
import fastifyCsrf from '@fastify/csrf-protection'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { CSRF_HEADER, needsCsrf } from '@unica/schemas'
import { routeContext, type AppContext } from './context.js'
import { installErrorHandler } from './errors.js'
import { installBrowserPolicy } from './http/install-browser-policy.js'
import { LiveHub, type LiveOptions } from './live/hub.js'
import { Metrics } from './ops/metrics.js'
import { DEFAULT_READINESS } from './ops/readiness.js'
import { installRequestId, requestId } from './ops/request-id.js'
import { opsRoutes, type OpsOptions } from './ops/routes.js'
import { adminRoutes } from './routes/admin.js'
import { assetWriteRoutes } from './routes/asset-writes.js'
import { authRoutes } from './routes/auth.js'
import { assetRoutes } from './routes/assets.js'
import { configRoutes } from './routes/config.js'
import { contractRoutes } from './routes/contracts.js'
import { eventRoutes } from './routes/events.js'
import { ipfsRoutes } from './routes/ipfs.js'
import { mediaRoutes } from './routes/media.js'
import { operationRoutes } from './routes/operations.js'
import { personalRoutes } from './routes/personal.js'
import { openApiTransform } from './routes/register.js'
import { sendTxRoutes } from './routes/send-tx.js'
import { discoveryRoutes } from './routes/discovery.js'
import { userRoutes } from './routes/users.js'

export interface AppOptions extends AppContext {
  readonly logger?: boolean
  /** Called when send_tx stores a group (wakes the in-process worker's sender). */
  readonly onOperationQueued?: () => void
  /** The live stream's limits (GET /api/events). */
  readonly live?: LiveOptions
  /** /readyz's bounds and /metrics' token (READY_MAX_LAG_ROUNDS, METRICS_TOKEN). */
  readonly ops?: Partial<OpsOptions>
}

/** JSON bodies are small (the largest is a signed group); uploads are multipart with own limits. */
const JSON_BODY_LIMIT = 256 * 1024

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: options.trustProxy,
    // Answer slow or stuck clients instead of holding sockets forever.
    requestTimeout: 30_000,
    // Our own request ids (ops/request-id.ts): an incoming X-Request-Id only when well formed.
    // Every log line of a request carries it as `reqId`.
    genReqId: requestId,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installRequestId(app)
  installErrorHandler(app)
  const ops: OpsOptions = { ...DEFAULT_READINESS, ...options.ops }
  // The live hub starts after the routes; the metrics read its size at each scrape.
  const started: { hub?: LiveHub } = {}
  const metrics = new Metrics({
    database: options.database,
    algod: options.chain.algod,
    sseClients: () => started.hub?.size ?? 0,
    timeoutMs: ops.timeoutMs,
  })
  // Before every route, so each one's answers are observed.
  metrics.install(app)
  installBrowserPolicy(app, options)

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Unica API',
        description: 'The marketplace backend (docs/product.md §7).',
        version: '1.0.0',
      },
    },
    // From the route table: zod schemas as JSON Schema, plus form bodies and headers.
    transform: openApiTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })

  await app.register(fastifyCookie, { secret: options.cookieSecret })
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: 'csrfsecret',
    // secure 'auto': Secure over HTTPS (also behind a TLS proxy with TRUST_PROXY), plain on http.
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'strict', path: '/', secure: 'auto' },
    getToken: (request) => {
      const header = request.headers[CSRF_HEADER.toLowerCase()]
      return typeof header === 'string' ? header : undefined
    },
  })
  // Every POST, PUT or DELETE of a route we serve needs the token from GET /api/token/ in
  // X-CSRFToken (docs/product.md §6). A path we do not serve stays a plain 404: there is nothing
  // there to protect.
  app.addHook('onRequest', (request, reply, done) => {
    if (needsCsrf(request.method) && !request.is404) {
      app.csrfProtection(request, reply, done)
      return
    }
    done()
  })
  await app.register(fastifyRateLimit, { global: false })
  // Oversized files are reported by readForm as a field error, not thrown (routes/form.ts).
  await app.register(fastifyMultipart, { throwFileSizeLimit: false })

  const apiRoutes = [
    configRoutes,
    userRoutes,
    assetRoutes,
    assetWriteRoutes,
    contractRoutes,
    operationRoutes,
    mediaRoutes,
    ipfsRoutes,
    sendTxRoutes,
    discoveryRoutes,
    authRoutes,
    personalRoutes,
    adminRoutes,
  ]
  // Routes get repositories, never the database itself (context.ts).
  const routeOptions = routeContext(options)
  for (const routes of apiRoutes) await app.register(routes(routeOptions))

  const live = await LiveHub.start(options.database, options.live, (error) => {
    app.log.warn({ err: error }, 'live events: read failed')
  })
  started.hub = live
  // Before the server waits for open connections to end: streams never end by themselves.
  app.addHook('preClose', async () => {
    await live.stop()
  })
  await app.register(eventRoutes(live, routeOptions.repos))
  await app.register(
    opsRoutes({ database: options.database, algod: options.chain.algod }, metrics, ops),
  )
  return app
}
