/**
 * The browser policy on real answers of the whole app: API data, errors, not-found, media, the
 * OpenAPI page, and HSTS only over https (PUBLIC_URL, or X-Forwarded-Proto with TRUST_PROXY).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { startTestServer, type TestServer } from './app.js'

function expectBrowserPolicy(response: LightMyRequestResponse, what: string): void {
  const h = response.headers
  expect(h['content-security-policy'], what).toMatch(/frame-ancestors 'none'/)
  expect(h['x-frame-options'], what).toBe('DENY')
  expect(h['x-content-type-options'], what).toBe('nosniff')
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
  expect(h['permissions-policy'], what).toBeDefined()
  expect(h['cross-origin-opener-policy'], what).toBe('same-origin-allow-popups')
}

describe('browser headers on every answer', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server.close()
  })

  it('are on API data, client errors, not-found answers and the OpenAPI page', async () => {
    const answers: Array<[string, LightMyRequestResponse]> = [
      ['config', await server.get('/api/config/')],
      ['list', await server.get('/api/assets/')],
      ['bad query', await server.get('/api/assets/?page=-1')],
      ['unknown asset', await server.get('/api/assets/00000000-0000-0000-0000-000000000000/')],
      ['unknown path', await server.get('/api/nothing-here/')],
      ['POST without CSRF', await server.app.inject({ method: 'POST', url: '/api/send_tx/' })],
    ]
    for (const [what, response] of answers) {
      expect(response.statusCode, what).toBeLessThan(500)
      expectBrowserPolicy(response, what)
      const csp = response.headers['content-security-policy'] as string
      expect(csp, what).toMatch(/script-src 'self';/)
      // This server's chain endpoints, as /api/config/ gives them to the browser.
      expect(csp, what).toContain(new URL(server.devnet.urls.algod).origin)
      expect(csp, what).toContain(new URL(server.devnet.urls.indexer).origin)
      expect(response.headers['strict-transport-security'], what).toBeUndefined()
    }
  })

  it('let the OpenAPI page style itself inline, and nothing else', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html']) {
      const response = await server.get(url)
      expect(response.statusCode, url).toBeLessThan(400)
      expectBrowserPolicy(response, url)
      const csp = response.headers['content-security-policy'] as string
      expect(csp, url).toMatch(/script-src 'self';/)
      expect(csp, url).toMatch(/style-src 'self' 'unsafe-inline'/)
      expect(csp, url).toMatch(/connect-src 'self';/)
    }
  })

  it('keep the stricter policy of media, served as the image type stored', async () => {
    const key = `${'ab'.repeat(32)}.png`
    await writeFile(join(server.mediaDir, key), Buffer.from('not really a png'))
    const response = await server.get(`/media/${key}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.headers['content-security-policy']).toBe("default-src 'none'")
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('send HSTS only when the request came over https through a trusted proxy', async () => {
    const proxied = await startTestServer({ devnet: server.devnet, trustProxy: true })
    try {
      const https = await proxied.get('/api/config/', { 'x-forwarded-proto': 'https' })
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
      const http = await proxied.get('/api/config/', { 'x-forwarded-proto': 'http' })
      expect(http.headers['strict-transport-security']).toBeUndefined()
    } finally {
      await proxied.close()
    }
    // Without TRUST_PROXY a client cannot claim https for itself.
    const spoofed = await server.get('/api/config/', { 'x-forwarded-proto': 'https' })
    expect(spoofed.headers['strict-transport-security']).toBeUndefined()
  })

  it('send HSTS on every answer when PUBLIC_URL is https', async () => {
    const tls = await startTestServer({ devnet: server.devnet, publicUrl: 'https://unica.test' })
    try {
      for (const url of ['/api/config/', '/api/nothing-here/']) {
        const response = await tls.get(url)
        expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=31536000/)
      }
    } finally {
      await tls.close()
    }
  })
})
