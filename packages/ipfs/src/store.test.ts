import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CarReader } from '@ipld/car/reader'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { noisyPng, samples } from '../test/samples.js'
import { CAR_MEDIA_TYPE } from './car.js'
import { blockMatches, parseCid } from './cid.js'
import { BlockUnavailable, FileTooLarge, IpfsStore } from './store.js'
import { CHUNK_BYTES } from './unixfs.js'

let dir: string
let store: IpfsStore
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'unica-ipfs-'))
  store = await IpfsStore.open(dir, { maxFileBytes: 4 * 1024 * 1024 })
})
afterEach(async () => {
  await store.close()
  await rm(dir, { recursive: true, force: true })
})

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of chunks) parts.push(part)
  return Buffer.concat(parts)
}

describe('IpfsStore', () => {
  it('keeps each kind of art and reads it back with its media type', async () => {
    for (const sample of await samples()) {
      const cid = await store.add(sample.bytes)
      const file = await store.file(cid)
      expect(file?.mediaType, sample.name).toBe(sample.mediaType)
      expect(file?.size).toBe(sample.bytes.length)
      expect(await bytesOf(file!.read())).toEqual(Buffer.from(sample.bytes))
    }
  })

  it('answers byte ranges of a file over several chunks', async () => {
    const png = await noisyPng(500)
    expect(png.length).toBeGreaterThan(CHUNK_BYTES * 2)
    const cid = await store.add(png)
    const file = (await store.file(cid))!
    const offset = CHUNK_BYTES - 10
    const part = await bytesOf(file.read({ offset, length: 30 }))
    expect(part).toEqual(Buffer.from(png.subarray(offset, offset + 30)))
  })

  it('survives a reopen: the blocks are files in its folder', async () => {
    const [png] = await samples()
    const cid = await store.add(png.bytes)
    await store.close()
    store = await IpfsStore.open(dir)
    expect(await bytesOf((await store.file(cid))!.read())).toEqual(Buffer.from(png.bytes))
  })

  it('knows nothing of CIDs it does not hold', async () => {
    const absent = parseCid('bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e')!
    expect(await store.has(absent)).toBe(false)
    expect(await store.block(absent)).toBeUndefined()
    expect(await store.file(absent)).toBeUndefined()
    expect(await store.car(absent)).toBeUndefined()
  })

  it('refuses files over its limit', async () => {
    await expect(store.add(new Uint8Array(4 * 1024 * 1024 + 1))).rejects.toThrow(FileTooLarge)
  })

  it('never serves a block whose bytes no longer match its CID', async () => {
    const [png] = await samples()
    const cid = await store.add(png.bytes)
    const files = await readdir(dir, { recursive: true, withFileTypes: true })
    const blockFile = files.find((f) => f.isFile())!
    await writeFile(join(blockFile.parentPath, blockFile.name), 'tampered')
    await expect(store.block(cid)).rejects.toThrow(BlockUnavailable)
  })
})

describe('CAR export', () => {
  it('round-trips: the root, then every block once, each matching its CID', async () => {
    const png = await noisyPng(500)
    const root = await store.add(png)
    expect(CAR_MEDIA_TYPE).toContain('order=dfs')
    const car = await bytesOf((await store.car(root))!)
    const reader = await CarReader.fromBytes(car)
    expect((await reader.getRoots()).map(String)).toEqual([root.toString()])
    const cids: string[] = []
    let leafBytes = 0
    for await (const block of reader.blocks()) {
      expect(blockMatches(block.cid, block.bytes), block.cid.toString()).toBe(true)
      cids.push(block.cid.toString())
      if (block.cid.code === 0x55) leafBytes += block.bytes.length
    }
    expect(cids[0]).toBe(root.toString())
    expect(new Set(cids).size).toBe(cids.length)
    expect(leafBytes).toBe(png.length)
  })
})
