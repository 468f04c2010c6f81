import { describe, expect, it } from 'vitest'
import { blockFor, blocksUpTo } from '../../test/store/blocks-fixture.js'
import { MemoryBlockStore } from './memory-block-store.js'

describe('MemoryBlockStore', () => {
  it('returns what was appended, in order, without copying the bytes', () => {
    const store = new MemoryBlockStore()
    expect(store.load()).toEqual([])
    const blocks = blocksUpTo(12)
    for (const block of blocks) store.append(block)
    const loaded = store.load()
    expect(loaded).toHaveLength(12)
    loaded.forEach((block, i) => {
      expect(block).toBe(blocks[i])
    })
  })

  it('enforces round order like the file store', () => {
    const store = new MemoryBlockStore()
    expect(() => {
      store.append(blockFor(2n))
    }).toThrow(/round 2.*ends at round 0/)
    store.append(blockFor(1n))
    expect(() => {
      store.append(blockFor(1n))
    }).toThrow(/round 1.*ends at round 1/)
  })

  it('is unusable once closed', () => {
    const store = new MemoryBlockStore()
    store.close()
    expect(() => store.load()).toThrow(/closed/)
    expect(() => {
      store.append(blockFor(1n))
    }).toThrow(/closed/)
  })
})
