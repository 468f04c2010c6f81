/**
 * Block stores: where the chain keeps committed blocks. `MemoryBlockStore` by default;
 * `FileBlockStore(dir)` for `--data DIR` (durable, crash-safe, one process per directory).
 */
export { MemoryBlockStore } from './memory-block-store.js'
export {
  FORMAT_NAME,
  FORMAT_VERSION,
  FileBlockStore,
  StoreFormatError,
  type FileBlockStoreOptions,
} from './file-block-store.js'
export { CorruptLogError } from './log-scan.js'
export { DirLockedError } from './dir-lock.js'
