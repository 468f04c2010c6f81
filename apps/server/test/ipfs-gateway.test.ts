/**
 * GET /ipfs/{cid} (routes/ipfs.ts): files for browsers, blocks and CARs for IPFS clients, from our
 * store only. The last part fetches from a real listening server as an IPFS client would and
 * trusts nothing it gets: every block is checked against its CID and the file rebuilt from them.
 */
import { CarReader } from '@ipld/car/reader'
import * as dagPb from '@ipld/dag-pb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blockMatches, parseCid, type CID } from '@unica/ipfs'
import { noisyPng, samples, type Sample } from '@unica/ipfs/testing'
import { startTestServer, type TestServer } from './app.js'

let server: TestServer
let art: (Sample & { cid: CID })[]
let large: { bytes: Uint8Array; cid: CID }
beforeAll(async () => {
  server = await startTestServer()
  art = await Promise.all(
    (await samples()).map(async (s) => ({ ...s, cid: await server.ipfs.add(s.bytes) })),
  )
  const bytes = await noisyPng(500)
  large = { bytes, cid: await server.ipfs.add(bytes) }
})
afterAll(async () => {
  await server.close()
})

describe('GET /ipfs/{cid} as a file', () => {
  it('answers each kind of art with its media type, its CID as ETag, cacheable forever', async () => {
    for (const sample of art) {
      const response = await server.get(`/ipfs/${sample.cid.toString()}`)
      expect(response.statusCode, sample.name).toBe(200)
      expect(response.headers['content-type']).toBe(sample.mediaType)
      expect(response.headers.etag).toBe(`"${sample.cid.toString()}"`)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(response.headers['content-security-policy']).toBe("default-src 'none'")
      expect(response.rawPayload).toEqual(Buffer.from(sample.bytes))
    }
  })

  it('answers HEAD with the headers and no body, and If-None-Match with 304', async () => {
    const [png] = art
    const head = await server.app.inject({ method: 'HEAD', url: `/ipfs/${png.cid.toString()}` })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe(String(png.bytes.length))
    expect(head.rawPayload.length).toBe(0)
    const again = await server.get(`/ipfs/${png.cid.toString()}`, {
      'if-none-match': `"${png.cid.toString()}"`,
    })
    expect(again.statusCode).toBe(304)
  })

  it('answers a byte range across chunks, and 416 past the end', async () => {
    const url = `/ipfs/${large.cid.toString()}`
    const from = 262_100
    const part = await server.get(url, { range: `bytes=${String(from)}-${String(from + 99)}` })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(
      `bytes ${String(from)}-${String(from + 99)}/${String(large.bytes.length)}`,
    )
    expect(part.rawPayload).toEqual(Buffer.from(large.bytes.subarray(from, from + 100)))
    const tail = await server.get(url, { range: 'bytes=-10' })
    expect(tail.rawPayload).toEqual(Buffer.from(large.bytes.subarray(-10)))
    const past = await server.get(url, { range: `bytes=${String(large.bytes.length)}-` })
    expect(past.statusCode).toBe(416)
  })

  it('refuses what is not a CID (400) and never looks for a CID it does not hold (404)', async () => {
    for (const bad of [
      'not-a-cid',
      'bafyreidykglsfhoixmivffc5uwhcgshx4j465xwqntbmu43nb2dzqwfvae',
    ]) {
      const response = await server.get(`/ipfs/${bad}`)
      expect(response.statusCode, bad).toBe(400)
      expect(response.json()).toMatchObject({ detail: 'Not the CID of an IPFS file.' })
    }
    // "hello world": a CID every public gateway knows, and we do not hold.
    const elsewhere = 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e'
    for (const suffix of ['', '?format=raw', '?format=car']) {
      expect((await server.get(`/ipfs/${elsewhere}${suffix}`)).statusCode, suffix).toBe(404)
    }
    expect((await server.get(`/ipfs/${art[0].cid.toString()}?format=tar`)).statusCode).toBe(400)
  })
})

describe('GET /ipfs/{cid} for IPFS clients', () => {
  it('answers the single block, raw, by ?format=raw or Accept', async () => {
    const url = `/ipfs/${large.cid.toString()}`
    const byQuery = await server.get(`${url}?format=raw`)
    const byAccept = await server.get(url, { accept: 'application/vnd.ipld.raw' })
    for (const response of [byQuery, byAccept]) {
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/vnd.ipld.raw')
      expect(blockMatches(large.cid, response.rawPayload)).toBe(true)
    }
    // The root of a file over one chunk is a dag-pb node linking its leaves, not the file.
    expect(dagPb.decode(byQuery.rawPayload).Links.length).toBeGreaterThan(1)
  })

  it('answers a CAR of the DAG by ?format=car or Accept', async () => {
    const url = `/ipfs/${large.cid.toString()}`
    for (const response of [
      await server.get(`${url}?format=car`),
      await server.get(url, { accept: 'application/vnd.ipld.car' }),
    ]) {
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^application\/vnd\.ipld\.car; version=1/)
      const reader = await CarReader.fromBytes(response.rawPayload)
      expect((await reader.getRoots()).map(String)).toEqual([large.cid.toString()])
    }
  })
})

describe('a client that trusts only CIDs, against a real listening server', () => {
  let origin: string
  beforeAll(async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 })
    const address = server.app.server.address()
    if (address === null || typeof address === 'string') throw new Error('not listening')
    origin = `http://127.0.0.1:${String(address.port)}`
  })

  /** Fetches a file block by block, as a trustless client does; refuses any block that lies. */
  async function verifiedFetch(root: CID): Promise<Buffer> {
    const block = async (cid: CID): Promise<Uint8Array> => {
      const response = await fetch(`${origin}/ipfs/${cid.toString()}`, {
        headers: { accept: 'application/vnd.ipld.raw' },
      })
      expect(response.status).toBe(200)
      const bytes = new Uint8Array(await response.arrayBuffer())
      if (!blockMatches(cid, bytes)) throw new Error(`block ${cid.toString()} does not match`)
      return bytes
    }
    const read = async (cid: CID): Promise<Buffer[]> => {
      const bytes = await block(cid)
      if (cid.code !== dagPb.code) return [Buffer.from(bytes)]
      const parts: Buffer[] = []
      for (const link of dagPb.decode(bytes).Links) parts.push(...(await read(link.Hash)))
      return parts
    }
    return Buffer.concat(await read(root))
  }

  it('gets bytes whose hash matches the CID, for every piece of art', async () => {
    for (const sample of [...art, { name: 'large PNG', ...large }]) {
      // Buffer.equals: vitest's deep equality is slow on large buffers.
      const same = (await verifiedFetch(sample.cid)).equals(sample.bytes)
      expect(same, sample.name).toBe(true)
    }
  })

  it('rebuilds a file from a CAR, checking every block', async () => {
    const response = await fetch(`${origin}/ipfs/${large.cid.toString()}?format=car`)
    const reader = await CarReader.fromBytes(new Uint8Array(await response.arrayBuffer()))
    const blocks = new Map<string, Uint8Array>()
    for await (const { cid, bytes } of reader.blocks()) {
      expect(blockMatches(cid, bytes)).toBe(true)
      blocks.set(cid.toString(), bytes)
    }
    const leaves = dagPb
      .decode(blocks.get(large.cid.toString())!)
      .Links.map((link) => blocks.get(link.Hash.toString())!)
    expect(Buffer.concat(leaves).equals(large.bytes)).toBe(true)
    expect(parseCid(large.cid.toString())?.equals(large.cid)).toBe(true)
  })
})
