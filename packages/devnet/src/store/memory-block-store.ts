/**
 * The default block store (no `--data`): blocks live as long as the process. It keeps the
 * caller's byte arrays as they are (no copies), so it costs the chain nothing it does not
 * already hold, and enforces the same round order as the file store so both behave alike.
 */
import type { BlockStore, StoredBlock } from '../chain/types.js'
import { checkEncodable } from './record-codec.js'

export class MemoryBlockStore implements BlockStore {
  private readonly blocks: StoredBlock[] = []
  private closed = false

  load(): readonly StoredBlock[] {
    this.checkOpen()
    return [...this.blocks]
  }

  append(block: StoredBlock): void {
    this.checkOpen()
    checkEncodable(block)
    const lastRound = BigInt(this.blocks.length)
    if (block.round !== lastRound + 1n) {
      throw new RangeError(
        `cannot append round ${block.round}: the store ends at round ${lastRound}`,
      )
    }
    this.blocks.push(block)
  }

  close(): void {
    this.closed = true
  }

  private checkOpen(): void {
    if (this.closed) throw new Error('the block store is closed')
  }
}
