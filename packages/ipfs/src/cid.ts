/**
 * CIDs as this package accepts and names them: only what our own importer makes (CIDv1, raw or
 * dag-pb blocks, SHA-256), plus CIDv0 for the same dag-pb blocks, so a link from any IPFS tool
 * to a file we hold works. Anything else is refused before the store is asked.
 */
import { createHash } from 'node:crypto'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import * as dagPb from '@ipld/dag-pb'

export { CID }

/** The codecs of UnixFS files: raw leaves and dag-pb nodes. */
export const FILE_CODECS: ReadonlySet<number> = new Set([raw.code, dagPb.code])

/** A CID's text is never longer than this (CIDv1 base32 of a SHA-256 multihash is 59). */
const MAX_CID_TEXT = 100

/** The CID that `text` names, when it is one we could hold; else undefined. */
export function parseCid(text: string): CID | undefined {
  if (text.length === 0 || text.length > MAX_CID_TEXT) return undefined
  let cid: CID
  try {
    cid = CID.parse(text)
  } catch {
    return undefined
  }
  if (!FILE_CODECS.has(cid.code) || cid.multihash.code !== sha256.code) return undefined
  return cid
}

/** Whether `bytes` are the block `cid` names (its SHA-256 digest matches). */
export function blockMatches(cid: CID, bytes: Uint8Array): boolean {
  if (cid.multihash.code !== sha256.code) return false
  const digest = createHash('sha256').update(bytes).digest()
  return Buffer.compare(digest, cid.multihash.digest) === 0
}

/** The `ipfs://{cid}` URL the Algorand NFT standards (ARC-3, ARC-69) use for content. */
export function ipfsUrl(cid: CID): string {
  return `ipfs://${cid.toV1().toString()}`
}

/**
 * A Subresource Integrity value, `sha256-<base64>`: ARC-3's `image_integrity` and
 * `animation_url_integrity` are in this form.
 */
export function integrityOf(bytes: Uint8Array): string {
  return `sha256-${createHash('sha256').update(bytes).digest('base64')}`
}
