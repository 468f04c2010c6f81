/**
 * S3 storage against s3rver, an S3-compatible server. s3rver parses Signature V4 headers and
 * checks the access key, but does not recompute V4 signatures: signing itself is aws4fetch's.
 */
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3Storage } from './s3.js'

let server: S3rver
let dir: string
let endpoint: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'unica-s3-'))
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'media', configs: [] }],
  })
  const address = await server.run()
  endpoint = `http://127.0.0.1:${String(address.port)}`
})
afterAll(async () => {
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

const config = (accessKeyId = 'S3RVER') => ({
  kind: 's3' as const,
  endpoint,
  region: 'us-east-1',
  bucket: 'media',
  accessKeyId,
  secretAccessKey: 'S3RVER',
  publicUrl: 'https://cdn.unica.test',
})

describe('s3Storage', () => {
  it('stores and reads objects, and names their public URL', async () => {
    const storage = s3Storage(config())
    const bytes = new Uint8Array([1, 2, 3, 4])
    const key = `${createHash('sha256').update(bytes).digest('hex')}.png`
    await storage.put(key, bytes, 'image/png')
    expect(await storage.get(key)).toEqual(bytes)
    expect(await storage.get(`${'0'.repeat(64)}.png`)).toBeUndefined()
    expect(storage.publicUrl(key)).toBe(`https://cdn.unica.test/${key}`)
  })

  it('fails loudly with wrong credentials, and refuses keys that are not content hashes', async () => {
    const wrong = s3Storage(config('UNKNOWN-KEY'))
    await expect(
      wrong.put(`${'1'.repeat(64)}.png`, new Uint8Array([1]), 'image/png'),
    ).rejects.toThrow(/403/)
    await expect(s3Storage(config()).put('../etc/passwd', new Uint8Array(), 'x')).rejects.toThrow(
      RangeError,
    )
  })
})
