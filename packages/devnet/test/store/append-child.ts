/**
 * Child process for the crash and lock tests: `node --import tsx append-child.ts DIR MODE`.
 * - `append`: opens the store, then appends the fixture's next blocks forever, printing each
 *   round on its own line only after `append` returned (i.e. once the block is durable).
 * - `hold`: opens the store, prints `ready`, and waits (to hold the directory's lock).
 */
import { FileBlockStore } from '../../src/store/index.js'
import { blockFor } from './blocks-fixture.js'

const [dir, mode] = process.argv.slice(2)
if (!dir || (mode !== 'append' && mode !== 'hold')) {
  throw new Error('usage: append-child.ts DIR append|hold')
}
const store = new FileBlockStore(dir)
let round = BigInt(store.load().length)

if (mode === 'hold') {
  process.stdout.write('ready\n')
  setInterval(() => undefined, 60_000)
} else {
  // Synchronous on purpose: stdout to a pipe is synchronous on Linux, so a printed round was
  // appended before the next append starts.
  for (;;) {
    round += 1n
    store.append(blockFor(round, { bulkyEvery: 10 }))
    process.stdout.write(`${round}\n`)
  }
}
