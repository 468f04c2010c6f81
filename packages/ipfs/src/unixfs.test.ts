import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import * as dagPb from '@ipld/dag-pb'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { create as digestOf } from 'multiformats/hashes/digest'
import { UnixFS } from 'ipfs-unixfs'
import { describe, expect, it } from 'vitest'
import { samples } from '../test/samples.js'
import { parseCid } from './cid.js'
import { CHUNK_BYTES, MAX_LINKS_PER_NODE, addFile, cidOfFile } from './unixfs.js'

interface Vectors {
  vectors: { text: string; cid: string }[]
  cidv0: { text: string; cid: string }
}
const KUBO = JSON.parse(
  readFileSync(new URL('../test/vectors/kubo-cids.json', import.meta.url), 'utf8'),
) as Vectors

/** A raw CIDv1 computed by hand: what a one-chunk file must be. */
const rawCid = (bytes: Uint8Array): CID =>
  CID.createV1(raw.code, digestOf(0x12, createHash('sha256').update(bytes).digest()))

/** A memory blockstore: every block put, by CID. */
function memory() {
  const blocks = new Map<string, Uint8Array>()
  return {
    blocks,
    put: async (cid: CID, bytes: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>) => {
      const parts: Uint8Array[] = []
      if (bytes instanceof Uint8Array) parts.push(bytes)
      else for await (const part of bytes) parts.push(part)
      blocks.set(cid.toString(), Buffer.concat(parts))
      return cid
    },
  }
}

describe('cidOfFile gives the CIDs Kubo gives (test/vectors/kubo-cids.json)', () => {
  for (const { text, cid } of KUBO.vectors) {
    it(JSON.stringify(text), async () => {
      const bytes = new TextEncoder().encode(text)
      expect((await cidOfFile(bytes)).toString()).toBe(cid)
      expect(rawCid(bytes).toString()).toBe(cid)
    })
  }

  it('and reads the CIDv0 of the same file as a dag-pb CID we could hold', () => {
    const cid = parseCid(KUBO.cidv0.cid)
    expect(cid?.version).toBe(0)
    expect(cid?.code).toBe(dagPb.code)
  })
})

describe('each kind of art gets its CID', () => {
  it('a single raw block under 256 KiB, the same every time', async () => {
    for (const sample of await samples()) {
      expect(sample.bytes.length, sample.name).toBeLessThan(CHUNK_BYTES)
      const cid = await cidOfFile(sample.bytes)
      expect(cid.toString(), sample.name).toBe(rawCid(sample.bytes).toString())
      expect((await cidOfFile(Uint8Array.from(sample.bytes))).equals(cid)).toBe(true)
    }
  })
})

describe('files over one chunk', () => {
  it('are a dag-pb root over raw leaves of 256 KiB', async () => {
    const bytes = new Uint8Array(CHUNK_BYTES + 1).map((_, i) => i % 251)
    const store = memory()
    const root = await addFile(bytes, store)
    expect(root.version).toBe(1)
    expect(root.code).toBe(dagPb.code)
    const node = dagPb.decode(store.blocks.get(root.toString()) as Uint8Array)
    expect(node.Links.map((l) => l.Hash.toString())).toEqual([
      rawCid(bytes.subarray(0, CHUNK_BYTES)).toString(),
      rawCid(bytes.subarray(CHUNK_BYTES)).toString(),
    ])
    expect(UnixFS.unmarshal(node.Data as Uint8Array).fileSize()).toBe(BigInt(bytes.length))
  })

  it('are balanced with at most 174 links a node', async () => {
    const bytes = new Uint8Array(CHUNK_BYTES * (MAX_LINKS_PER_NODE + 1))
    const store = memory()
    const root = await addFile(bytes, store)
    const top = dagPb.decode(store.blocks.get(root.toString()) as Uint8Array)
    expect(top.Links).toHaveLength(2)
    const first = dagPb.decode(store.blocks.get(top.Links[0].Hash.toString()) as Uint8Array)
    expect(first.Links).toHaveLength(MAX_LINKS_PER_NODE)
  })
})
