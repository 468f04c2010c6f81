/**
 * Our IPFS node's storage: every block of every file we add, in a data folder (one file per
 * block, written to a temporary name and renamed, so a crash never leaves half a block), and the
 * reads a gateway needs: a block, a file (whole or a byte range), a CAR of a file's DAG. Every
 * block read is checked against its CID, so a damaged disk never serves wrong bytes as ours.
 * Nothing here touches the network: a CID we do not hold is simply absent.
 */
import { FsBlockstore } from 'blockstore-fs'
import { exporter, type ReadableStorage } from 'ipfs-unixfs-exporter'
import type { CID } from 'multiformats/cid'
import { carOf } from './car.js'
import { blockMatches } from './cid.js'
import { SNIFF_BYTES, sniffMediaType } from './media-type.js'
import { CHUNK_BYTES, MAX_LINKS_PER_NODE, addFile } from './unixfs.js'

export interface StoreLimits {
  /** The largest file `add` accepts and the gateway serves (bytes). */
  readonly maxFileBytes: number
}

/** Art is at most a few MiB (docs/product.md §4); video more. Bounded all the same. */
export const DEFAULT_STORE_LIMITS: StoreLimits = { maxFileBytes: 64 * 1024 * 1024 }

/** A block is absent, or its bytes do not hash to its CID. */
export class BlockUnavailable extends Error {}
/** The CID names a block we hold that is not the root of a UnixFS file. */
export class NotAFile extends Error {}
/** Over the store's size limit. */
export class FileTooLarge extends Error {}

export interface StoredFile {
  readonly cid: CID
  readonly size: number
  /** Sniffed from the first bytes (media-type.ts). */
  readonly mediaType: string
  /** The file's bytes, or `length` of them from `offset`. */
  read(range?: { offset: number; length: number }): AsyncIterable<Uint8Array>
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  for await (const part of chunks) parts.push(part)
  return Buffer.concat(parts)
}

export class IpfsStore {
  private readonly verified: ReadableStorage

  private constructor(
    private readonly blocks: FsBlockstore,
    readonly limits: StoreLimits,
  ) {
    async function* get(cid: CID): AsyncGenerator<Uint8Array> {
      yield await readVerified(blocks, cid)
    }
    this.verified = { get }
  }

  /** Opens (creating it if needed) the store in folder `dir`. */
  static async open(dir: string, limits: StoreLimits = DEFAULT_STORE_LIMITS): Promise<IpfsStore> {
    const blocks = new FsBlockstore(dir)
    await blocks.open()
    return new IpfsStore(blocks, limits)
  }

  /** Adds `bytes` as a file (unixfs.ts): the same bytes always give the same CID. */
  async add(bytes: Uint8Array): Promise<CID> {
    if (bytes.length > this.limits.maxFileBytes) {
      throw new FileTooLarge(`files are at most ${String(this.limits.maxFileBytes)} bytes`)
    }
    return addFile(bytes, this.blocks)
  }

  async has(cid: CID): Promise<boolean> {
    return this.blocks.has(cid)
  }

  /** The block's bytes (verified), or undefined when we do not hold it. */
  async block(cid: CID): Promise<Uint8Array | undefined> {
    if (!(await this.blocks.has(cid))) return undefined
    return readVerified(this.blocks, cid)
  }

  /** The file `cid` is the root of, or undefined when we do not hold its block. */
  async file(cid: CID): Promise<StoredFile | undefined> {
    if (!(await this.blocks.has(cid))) return undefined
    let entry
    try {
      entry = await exporter(cid, this.verified)
    } catch (error) {
      if (error instanceof BlockUnavailable) throw error
      throw new NotAFile(`${cid.toString()} is not a UnixFS file`)
    }
    if (entry.type !== 'file' && entry.type !== 'raw') {
      throw new NotAFile(`${cid.toString()} is a ${entry.type}, not a file`)
    }
    const size = Number(entry.size)
    if (size > this.limits.maxFileBytes) throw new FileTooLarge(`${cid.toString()} is too large`)
    const head = await collect(entry.content({ offset: 0, length: Math.min(SNIFF_BYTES, size) }))
    return {
      cid,
      size,
      mediaType: sniffMediaType(head),
      read: (range) => entry.content(range),
    }
  }

  /** The CAR of the file under `cid` (car.ts), or undefined when we do not hold it. */
  async car(cid: CID): Promise<AsyncIterable<Uint8Array> | undefined> {
    const file = await this.file(cid)
    if (file === undefined) return undefined
    // Leaves, plus one node per 174 links at each level: a generous bound for a file this size.
    const leaves = Math.ceil(file.size / CHUNK_BYTES) + 1
    const maxBlocks = leaves + Math.ceil(leaves / (MAX_LINKS_PER_NODE - 1)) * 2 + 1
    return carOf(cid, (c) => readVerified(this.blocks, c), maxBlocks)
  }

  async close(): Promise<void> {
    await this.blocks.close()
  }
}

async function readVerified(blocks: FsBlockstore, cid: CID): Promise<Uint8Array> {
  let bytes: Uint8Array
  try {
    bytes = await collect(blocks.get(cid))
  } catch {
    throw new BlockUnavailable(`block ${cid.toString()} is missing`)
  }
  if (!blockMatches(cid, bytes)) {
    throw new BlockUnavailable(`block ${cid.toString()} does not match its CID`)
  }
  return bytes
}
