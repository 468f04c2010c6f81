/**
 * Block stores: where the chain keeps committed blocks. `MemoryBlockStore` by default;
 * `FileBlockStore(dir)` for `--data DIR` (durable, crash-safe, one process per directory).
 */
export { MemoryBlockStore } from './memory-block-store.js'
export { FileBlockStore } from './file-block-store.js'
