/**
 * GET /media/{key}: stored images and thumbnails from disk storage. Keys are content hashes, so
 * answers never change: cached for a year, immutable. (With S3 the bucket serves them.)
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { RouteContext } from '../context.js'
import { notFound } from '../errors.js'
import { CONTENT_TYPES, MEDIA_KEY } from '../media/storage.js'

export function mediaRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/media/:key',
      { schema: { hide: true, params: z.object({ key: z.string().max(80) }) } },
      async (request, reply) => {
        const { key } = request.params
        if (!MEDIA_KEY.test(key)) throw notFound()
        const bytes = await ctx.storage.get(key)
        if (bytes === undefined) throw notFound()
        const ext = key.slice(key.lastIndexOf('.') + 1)
        return reply
          .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(Buffer.from(bytes))
      },
    )
    done()
  }
}
