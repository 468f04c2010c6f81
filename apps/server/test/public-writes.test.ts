/**
 * validate_asset, the newsletter and creator applications (docs/product.md §5 texts), compile_*,
 * and the per-IP rate limit of public writes.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURRENT_VERSION, clearProgram, managerProgram, proxyProgram } from '@unica/contracts'
import { assets, creatorApplications, newsletterSubscriptions } from '../src/db/index.js'
import { startTestServer, type TestServer } from './app.js'
import { multipart, pngImage } from './forms.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  await server.database.db.insert(assets).values({
    guid: 'b'.repeat(32),
    assetId: 77n,
    name: 'Harbour Lights',
    unitName: 'HL',
    creatorAddress: algosdk.generateAccount().addr.toString(),
  })
})
afterAll(async () => {
  await server.close()
})

async function validate(fields: Record<string, string>) {
  const body = multipart(fields)
  return server.post('/api/assets/validate_asset/', body.payload, body.headers)
}

describe('POST /api/assets/validate_asset/', () => {
  it('answers 200 {} for good fields (multipart, as the web app sends them)', async () => {
    const response = await validate({
      unit_name: 'ABCDEFGH',
      name: 'N'.repeat(32),
      description: 'd',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({})
  })

  it('counts bytes as the chain does, requires every field, and refuses duplicate names', async () => {
    const response = await validate({
      unit_name: 'ÄBCDEFGH', // 8 characters, 9 bytes
      name: 'harbour lights',
      description: '',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: 'Invalid input.',
      unit_name: ['Ensure this field has no more than 8 bytes.'],
      name: ['An asset with this name already exists.'],
      description: ['This field is required.'],
    })
    const missing = await validate({})
    expect(missing.json()).toEqual({
      detail: 'Invalid input.',
      unit_name: ['This field is required.'],
      name: ['This field is required.'],
      description: ['This field is required.'],
    })
    const long = await validate({
      unit_name: 'A',
      name: 'x'.repeat(33),
      description: '"'.repeat(401),
    })
    expect(long.json()).toEqual({
      detail: 'Invalid input.',
      name: ['Ensure this field has no more than 32 bytes.'],
      // Each quote is escaped in the ARC-69 note: 802 bytes.
      description: ['Ensure this field has no more than 800 bytes.'],
    })
  })

  it('checks an image when one is sent', async () => {
    const body = multipart(
      { unit_name: 'A', name: 'Fresh', description: 'd' },
      { field: 'image', name: 'a.png', type: 'image/png', bytes: Buffer.from('not an image') },
    )
    const response = await server.post('/api/assets/validate_asset/', body.payload, body.headers)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'Invalid input.', image: ['Must be a valid image'] })
    const good = multipart(
      { unit_name: 'A', name: 'Fresh', description: 'd' },
      { field: 'image', name: 'a.png', type: 'image/png', bytes: await pngImage() },
    )
    const ok = await server.post('/api/assets/validate_asset/', good.payload, good.headers)
    expect(ok.statusCode).toBe(200)
  })

  it('takes a JSON object too, and refuses other bodies', async () => {
    const ok = await server.post('/api/assets/validate_asset/', {
      unit_name: 'A',
      name: 'B',
      description: 'C',
    })
    expect(ok.statusCode).toBe(200)
    const array = await server.post('/api/assets/validate_asset/', [1, 2])
    expect(array.statusCode).toBe(400)
  })
})

describe('POST /api/users/submit_newsletter_subscription/', () => {
  it('stores the email once, answering 201 each time', async () => {
    for (const email of ['Ann@Example.com', 'ann@example.com']) {
      const response = await server.post('/api/users/submit_newsletter_subscription/', { email })
      expect(response.statusCode).toBe(201)
      expect(response.json()).toEqual({ email: 'ann@example.com' })
    }
    const rows = await server.database.db.select().from(newsletterSubscriptions)
    expect(rows.map((r) => r.email)).toEqual(['ann@example.com'])
  })

  it("says 'Invalid email.'", async () => {
    const response = await server.post('/api/users/submit_newsletter_subscription/', {
      email: 'nope',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'Invalid input.', email: ['Invalid email.'] })
  })
})

describe('POST /api/users/submit_creator_application/', () => {
  const wallet = algosdk.generateAccount().addr.toString()
  const application = {
    wallet_address: wallet,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    alias: 'ada',
    about: 'I make generative prints.',
    twitter_url: 'https://twitter.com/ada',
    portfolio_url: 'https://ada.example.com',
  }

  it('stores a valid application', async () => {
    const response = await server.post('/api/users/submit_creator_application/', application)
    expect(response.statusCode).toBe(201)
    const rows = await server.database.db.select().from(creatorApplications)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ walletAddress: wallet, name: 'Ada Lovelace', instagramUrl: '' })
  })

  it('answers the spec texts as field errors', async () => {
    const response = await server.post('/api/users/submit_creator_application/', {
      ...application,
      name: 'A',
      email: 'bad',
      about: 'short',
      twitter_url: '',
      portfolio_url: 'ftp://x.example.com',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: 'Invalid input.',
      name: ['Ensure this field has at least 2 characters.'],
      email: ['Enter a valid email address.'],
      about: ['Ensure this field has at least 10 characters.'],
      portfolio_url: ['Enter a valid URL.'],
      non_field_errors: ['You need at least 1 social media account.'],
    })
  })

  it('checks the wallet address checksum', async () => {
    const bad = `${wallet.slice(0, 10)}${wallet[10] === 'A' ? 'B' : 'A'}${wallet.slice(11)}`
    const response = await server.post('/api/users/submit_creator_application/', {
      ...application,
      wallet_address: bad,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: 'Invalid input.',
      wallet_address: ['Must be an Algorand address.'],
    })
  })
})

describe('POST /api/contracts/compile_*', () => {
  it('answers our programs as @unica/avm assembled them', async () => {
    const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64')
    const manager = await server.post('/api/contracts/compile_manager/')
    expect(manager.statusCode).toBe(200)
    // The version new deploys run (v3: v2's royalties R0..R3 and held H0..H3, and the auction's
    // AR, AD, AP, AM, AE, AV and AH widen the global schema; its program takes one extra page).
    expect(CURRENT_VERSION).toBe(3)
    expect(manager.json()).toEqual({
      hash: managerProgram(CURRENT_VERSION).hash,
      result: b64(managerProgram(CURRENT_VERSION).bytes),
      params: {
        num_local_ints: 1,
        num_local_byte_slices: 0,
        num_global_ints: 14,
        num_global_byte_slices: 8,
        extra_program_pages: 1,
      },
    })
    const clear = await server.post('/api/contracts/compile_clear/')
    expect(clear.json()).toEqual({ hash: clearProgram().hash, result: b64(clearProgram().bytes) })
    const proxy = await server.post('/api/contracts/compile_proxy/', { proxy_id: 12345 })
    expect(proxy.json()).toEqual({
      hash: proxyProgram(12345).hash,
      result: b64(proxyProgram(12345).bytes),
    })
  })

  it('refuses proxy ids outside [0, 2147483646]', async () => {
    for (const proxy_id of [-1, 2147483647, 1.5, '7']) {
      const response = await server.post('/api/contracts/compile_proxy/', { proxy_id })
      expect(response.statusCode).toBe(400)
      expect(response.json<Record<string, unknown>>().proxy_id).toBeInstanceOf(Array)
    }
  })

  it('retires compile_escrow with 410', async () => {
    const response = await server.post('/api/contracts/compile_escrow/', {
      app_id: 1,
      usdc_id: 2,
      nft_id: 3,
    })
    expect(response.statusCode).toBe(410)
    expect(response.json<{ detail: string }>().detail).toMatch(/application account/)
  })
})

describe('rate limits', () => {
  it('limit public writes per IP with a 429', async () => {
    const limited = await startTestServer({
      devnet: server.devnet,
      rateLimit: { max: 3, windowMs: 60_000 },
    })
    try {
      const codes: number[] = []
      for (let i = 0; i < 5; i++) {
        codes.push((await limited.post('/api/contracts/compile_clear/')).statusCode)
      }
      expect(codes).toEqual([200, 200, 200, 429, 429])
      const response = await limited.post('/api/contracts/compile_clear/')
      expect(response.json()).toEqual({ detail: 'Too many requests. Try again later.' })
      // Reads are not limited.
      expect((await limited.get('/api/assets/')).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
