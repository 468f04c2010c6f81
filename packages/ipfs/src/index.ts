/**
 * Bytes as IPFS objects (docs/ipfs.md): files as UnixFS DAGs with Kubo's CIDv1 parameters, kept in
 * a blockstore in a data folder, read back as files, blocks or CAR files. No network: this is
 * the storage behind our gateway, not a peer.
 */
export { CID, FILE_CODECS, blockMatches, integrityOf, ipfsUrl, parseCid } from './cid.js'
export { CAR_MEDIA_TYPE, DagTooLarge, carOf } from './car.js'
export { sniffMediaType } from './media-type.js'
export {
  BlockUnavailable,
  DEFAULT_STORE_LIMITS,
  FileTooLarge,
  IpfsStore,
  NotAFile,
  type StoreLimits,
  type StoredFile,
} from './store.js'
export { CHUNK_BYTES, MAX_LINKS_PER_NODE, addFile, cidOfFile } from './unixfs.js'
