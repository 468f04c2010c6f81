/**
 * The server and the route table of @unica/schemas agree: every route of the table is registered
 * (method and path), every /api route registered is in the table, the OpenAPI document lists them
 * all; and the typed client made from the table talks to the real server over HTTP.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API, createApiClient, openApiPath, type ApiClient, type RouteSpec } from '@unica/schemas'
import { startTestServer, type TestServer } from './app.js'

let server: TestServer
let client: ApiClient

beforeAll(async () => {
  server = await startTestServer()
  const url = await server.app.listen({ host: '127.0.0.1', port: 0 })
  client = createApiClient({ baseUrl: url })
})
afterAll(async () => {
  await server.close()
})

const table = (Object.values(API) as RouteSpec[]).map((r) => `${r.method} ${r.path}`).sort()

/** Every route Fastify holds, as `METHOD /path` (printRoutes' tree, read back into full paths). */
function registeredRoutes(): string[] {
  const tree = server.app.printRoutes({ commonPrefix: false })
  const out: string[] = []
  const stack: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[└├]── (\S+)(?: \(([^)]*)\))?/.exec(line)
    if (match === null) continue
    const depth = match[1].length / 4
    stack.length = depth
    stack.push(match[2])
    for (const method of (match.at(3) ?? '').split(', ').filter((m) => m !== '')) {
      out.push(`${method} ${stack.join('')}`)
    }
  }
  return out
}

describe('the route table', () => {
  it('is exactly what the server registers under /api (besides the OpenAPI page)', () => {
    const registered = registeredRoutes()
    for (const route of table) expect(registered, route).toContain(route)
    const api = registered.filter(
      (r) => / \/api\//.test(r) && !r.startsWith('HEAD ') && !r.includes(' /api/docs'),
    )
    expect([...new Set(api)].sort()).toEqual(table)
  })

  it('is what the OpenAPI document lists, with form bodies and headers', async () => {
    const response = await server.get('/api/docs/json')
    expect(response.statusCode).toBe(200)
    const doc = response.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>()
    const listed = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort()
    expect(listed).toEqual(
      (Object.values(API) as RouteSpec[]).map((r) => `${r.method} ${openApiPath(r.path)}`).sort(),
    )
    const submit = doc.paths['/api/assets/submit_asset/'].post
    expect(submit.operationId).toBe('submitAsset')
    const form = submit.requestBody?.content['multipart/form-data']?.schema
    expect(form?.required).toEqual(['asset_id', 'proof', 'image'])
    expect(form?.properties?.image).toMatchObject({ type: 'string', format: 'binary' })
    expect(Object.keys(submit.responses).sort()).toEqual(
      ['200', '201', '400', '403', '409', '413', '415', '429', '500'].sort(),
    )
    expect(submit.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['header X-CSRFToken'])
    const list = doc.paths['/api/assets/'].get
    expect(list.parameters?.filter((p) => p.in === 'header').map((p) => p.name)).toEqual([
      'X-View-As',
    ])
  })
})

interface OpenApiOperation {
  operationId?: string
  parameters?: { in: string; name: string }[]
  requestBody?: {
    content: Record<
      string,
      { schema?: { required?: string[]; properties?: Record<string, unknown> } } | undefined
    >
  }
  responses: Record<string, unknown>
}

describe('the typed client on the real server', () => {
  it('reads, and writes with the CSRF token and its cookie (Node has no cookie jar)', async () => {
    expect((await client.getConfig()).genesis_id).toBe(server.devnet.info.genesisId)
    const address = algosdk.generateAccount().addr.toString()
    expect(await client.getUser({ params: { address } })).toEqual({ address, is_staff: false })
    const page = await client.listAssets({ query: { status: 'RD', asset_id__in: ['1', '2'] } })
    expect(page).toEqual({ count: 0, next: null, previous: null, results: [] })
    expect(
      await client.submitNewsletterSubscription({ body: { email: 'Route@Example.com' } }),
    ).toEqual({ email: 'route@example.com' })
    const compiled = await client.compileProxy({ body: { proxy_id: 7 } })
    expect(compiled.hash).toMatch(/^[A-Z2-7]{58}$/)
  })

  it('sends forms as multipart and reports their field errors as the server answers them', async () => {
    expect(
      await client.validateAsset({ body: { unit_name: 'U', name: 'N', description: 'D' } }),
    ).toEqual({})
    const refused = client.submitAsset({
      body: { asset_id: '0', proof: '', image: new Blob([new Uint8Array([1, 2, 3])]) },
    })
    await expect(refused).rejects.toMatchObject({
      method: 'POST',
      status: 400,
      body: {
        detail: 'Invalid input.',
        asset_id: ['Must be a positive id.'],
        proof: ['This field is required.'],
        image: ['Must be a valid image'],
      },
    })
  })

  it('rejects answers that are not a success with their status and body', async () => {
    await expect(client.getAsset({ params: { guid: 'f'.repeat(32) } })).rejects.toMatchObject({
      status: 404,
      body: { detail: 'No asset with this guid.' },
    })
    await expect(client.compileEscrow()).rejects.toMatchObject({ status: 410 })
  })
})
