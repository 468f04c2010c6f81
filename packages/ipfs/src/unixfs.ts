/**
 * Bytes to a UnixFS file, exactly as Kubo's `ipfs add --cid-version=1` makes it, so that anyone
 * with any IPFS tool recomputes the same CID from the same bytes (docs/ipfs.md §2):
 * - fixed-size chunks of 256 KiB (Kubo's `size-262144`),
 * - raw leaves (implied by CIDv1 in Kubo): a file of one chunk is a single raw block,
 * - a balanced DAG of at most 174 links per node (Kubo's legacy default),
 * - CIDv1, SHA-256.
 * These are the "unixfs-v0-2015" parameters with CIDv1 and raw leaves; the newer
 * "unixfs-v1-2025" profile (1 MiB chunks, 1024 links) gives other CIDs for files over 256 KiB and
 * is not yet Kubo's default, so we do not use it.
 */
import { balanced } from 'ipfs-unixfs-importer/layout'
import { fixedSize } from 'ipfs-unixfs-importer/chunker'
import { importBytes, type ImporterOptions, type WritableStorage } from 'ipfs-unixfs-importer'
import type { CID } from 'multiformats/cid'

export const CHUNK_BYTES = 262_144
export const MAX_LINKS_PER_NODE = 174

const KUBO_CIDV1: ImporterOptions = {
  cidVersion: 1,
  rawLeaves: true,
  reduceSingleLeafToSelf: true,
  chunker: fixedSize({ chunkSize: CHUNK_BYTES }),
  layout: balanced({ maxChildrenPerNode: MAX_LINKS_PER_NODE }),
  wrapWithDirectory: false,
}

/** Imports `bytes` as a file into `storage`; answers the root CID. */
export async function addFile(bytes: Uint8Array, storage: WritableStorage): Promise<CID> {
  const { cid } = await importBytes(bytes, storage, KUBO_CIDV1)
  return cid
}

/** The CID `bytes` get as a file, computed without keeping any block. */
export async function cidOfFile(bytes: Uint8Array): Promise<CID> {
  return addFile(bytes, { put: async (cid) => Promise.resolve(cid) })
}
