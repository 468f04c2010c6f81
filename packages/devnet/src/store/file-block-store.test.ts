import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { blockFor, blocksUpTo, plain } from '../../test/store/blocks-fixture.js'
import { FileBlockStore, StoreFormatError } from './file-block-store.js'
import { CorruptLogError } from './log-scan.js'
import { HEADER_BYTES, encodeRecord } from './record-codec.js'

let dir: string
const open: FileBlockStore[] = []

function openStore(options?: { preallocateBytes?: number }): FileBlockStore {
  const store = new FileBlockStore(dir, options)
  open.push(store)
  return store
}

/** Writes `count` fixture blocks and returns the record boundaries (byte offsets) of the log. */
function writeChain(count: number): number[] {
  const store = openStore({ preallocateBytes: 0 })
  const bounds = [0]
  for (const block of blocksUpTo(count)) {
    store.append(block)
    bounds.push(statSync(logPath()).size)
  }
  store.close()
  return bounds
}

const logPath = (): string => join(dir, 'blocks.log')

beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'devnet-store-')), 'data', 'nested')
})

afterEach(() => {
  for (const store of open.splice(0)) store.close()
  rmSync(join(dir, '..', '..'), { recursive: true, force: true })
})

describe('FileBlockStore', () => {
  it('creates the directory with a format file and starts empty', () => {
    const store = openStore()
    expect(store.load()).toEqual([])
    expect(JSON.parse(readFileSync(join(dir, 'blocks.format'), 'utf8'))).toEqual({
      format: 'unica-devnet-blocks',
      version: 1,
    })
  })

  it('round-trips blocks, in the same session and after reopening', () => {
    const blocks = blocksUpTo(40)
    const store = openStore()
    for (const block of blocks) store.append(block)
    expect(plain(store.load())).toEqual(plain(blocks))
    store.close()
    const reopened = openStore()
    expect(plain(reopened.load())).toEqual(plain(blocks))
    expect(reopened.discardedTailBytes).toBe(0)
    reopened.append(blockFor(41n))
    reopened.close()
    expect(plain(openStore().load())).toEqual(plain(blocksUpTo(41)))
  })

  it('keeps preallocated space as zeros after the last record and reuses it', () => {
    const store = openStore({ preallocateBytes: 64 * 1024 })
    store.append(blockFor(1n))
    const size = statSync(logPath()).size
    expect(size).toBeGreaterThan(64 * 1024)
    store.close()
    const reopened = openStore({ preallocateBytes: 64 * 1024 })
    expect(reopened.load()).toHaveLength(1)
    expect(reopened.discardedTailBytes).toBe(0)
    reopened.append(blockFor(2n))
    expect(statSync(logPath()).size).toBe(size)
    expect(plain(reopened.load())).toEqual(plain(blocksUpTo(2)))
  })

  it('appends without an explicit load, continuing where the log ends', () => {
    writeChain(3)
    const store = openStore()
    expect(() => {
      store.append(blockFor(3n))
    }).toThrow(/round 3.*ends at round 3/)
    store.append(blockFor(4n))
    expect(store.load()).toHaveLength(4)
  })

  it('refuses a block out of round order, and any use after close', () => {
    const store = openStore()
    expect(() => {
      store.append(blockFor(2n))
    }).toThrow(/round 2.*ends at round 0/)
    store.append(blockFor(1n))
    store.close()
    store.close()
    expect(() => {
      store.append(blockFor(2n))
    }).toThrow(/closed/)
    expect(() => store.load()).toThrow(/closed/)
  })

  it('recovers from a torn last record cut at every byte offset', () => {
    const bounds = writeChain(2)
    const pristine = readFileSync(logPath())
    const [, lastStart, end] = bounds as [number, number, number]
    expect(end - lastStart).toBeGreaterThan(HEADER_BYTES)
    for (let cut = lastStart; cut < end; cut++) {
      // Cut short, and cut short with the preallocated zeros a crash can leave behind it.
      for (const zeros of [0, 333]) {
        writeFileSync(logPath(), Buffer.concat([pristine.subarray(0, cut), Buffer.alloc(zeros)]))
        const store = new FileBlockStore(dir, { preallocateBytes: 0 })
        try {
          expect(plain(store.load())).toEqual(plain(blocksUpTo(1)))
          const discarded = cut === lastStart ? 0 : cut - lastStart + zeros
          expect(store.discardedTailBytes).toBe(discarded)
          store.append(blockFor(2n))
          expect(plain(store.load())).toEqual(plain(blocksUpTo(2)))
        } finally {
          store.close()
        }
      }
    }
    expect(readFileSync(logPath())).toEqual(pristine)
  })

  it('treats a damaged last record as torn (nothing valid follows it)', () => {
    const bounds = writeChain(4)
    const bytes = readFileSync(logPath())
    bytes.fill(0x5a, bounds[3] + 5)
    writeFileSync(logPath(), bytes)
    const store = openStore()
    expect(store.load()).toHaveLength(3)
    expect(statSync(logPath()).size).toBe(bounds[3])
  })

  it('refuses a damaged record in the middle and leaves the file untouched', () => {
    const bounds = writeChain(5)
    const pristine = readFileSync(logPath())
    // A payload bit, the length field, and a whole record wiped: all followed by valid blocks.
    const damages: ((bytes: Buffer) => void)[] = [
      (b) => {
        b[bounds[1] + HEADER_BYTES + 20] ^= 0x04
      },
      (b) => {
        b.writeUInt32LE(9, bounds[2] + 4)
      },
      (b) => {
        b.fill(0, bounds[0], bounds[1])
      },
    ]
    for (const damage of damages) {
      const bytes = Buffer.from(pristine)
      damage(bytes)
      writeFileSync(logPath(), bytes)
      const store = new FileBlockStore(dir)
      try {
        expect(() => store.load()).toThrow(CorruptLogError)
        expect(() => store.load()).toThrow(/damaged in the middle.*valid record of round \d/)
        expect(() => {
          store.append(blockFor(6n))
        }).toThrow(CorruptLogError)
      } finally {
        store.close()
      }
      expect(readFileSync(logPath())).toEqual(bytes)
    }
  })

  it('refuses a log whose rounds are not 1, 2, 3, ...', () => {
    mkdirAndFormat()
    for (const rounds of [[2n], [1n, 2n, 4n], [1n, 1n]]) {
      const records = rounds.map((round) => encodeRecord({ ...blockFor(round), round }))
      writeFileSync(logPath(), Buffer.concat(records))
      const store = new FileBlockStore(dir)
      try {
        expect(() => store.load()).toThrow(/holds round \d+, expected \d+/)
      } finally {
        store.close()
      }
    }
  })

  it('detects a format it does not know, or a log without a format file', () => {
    mkdirAndFormat()
    writeFileSync(join(dir, 'blocks.format'), '{"format":"unica-devnet-blocks","version":2}\n')
    expect(() => new FileBlockStore(dir)).toThrow(/version 2; this devnet reads version 1/)
    writeFileSync(join(dir, 'blocks.format'), 'not json')
    expect(() => new FileBlockStore(dir)).toThrow(StoreFormatError)
    rmSync(join(dir, 'blocks.format'))
    expect(() => new FileBlockStore(dir)).toThrow(/exists without blocks.format/)
    // A refused open leaves the directory unlocked.
    writeFileSync(join(dir, 'blocks.format'), '{"format":"unica-devnet-blocks","version":1}\n')
    expect(openStore().load()).toEqual([])
  })
})

function mkdirAndFormat(): void {
  openStore().close()
}
