/**
 * Serves the built web app beside the API on one origin: files from the dist directory, and
 * index.html for every other GET outside /api and /media, so the SPA's own routes (/nft/…,
 * /profile, …) load on a reload or a shared link. Unknown API paths keep the API's JSON 404.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

export class WebDistMissing extends Error {
  constructor(readonly dir: string) {
    super(`The web app is not built (${dir} has no index.html): run npm run build -w @unica/web`)
  }
}

/** Paths the SPA never owns: the API and the media it serves. */
const SERVER_PATHS = /^\/(api|media)(\/|$)/

export async function serveWeb(app: FastifyInstance, dist: string): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) throw new WebDistMissing(dist)
  await app.register(fastifyStatic, {
    root: dist,
    // One route per file found now (dist does not change while we run); the SPA route below
    // takes every other path.
    wildcard: false,
    // index.html must be revalidated (it names the current bundles); bundles are content-hashed.
    setHeaders: (response, path) => {
      response.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
  // The server's not-found handler keeps answering other methods with its JSON 404.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (SERVER_PATHS.test(path)) return reply.code(404).send({ detail: 'Not found.' })
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
