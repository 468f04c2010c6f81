/**
 * The durability promise end to end: a child process appends blocks and prints each round once
 * `append` returned; we `kill -9` it at a random moment, then the log must hold every printed
 * round, byte for byte, and nothing partial. Repeated on the same directory, so each child also
 * takes over the lock its killed predecessor left behind.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileBlockStore } from '../../src/store/index.js'
import { blockFor, plain } from './blocks-fixture.js'

const here = dirname(fileURLToPath(import.meta.url))
const childScript = join(here, 'append-child.ts')
let dir: string
const children: ChildProcess[] = []

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-crash-'))
})

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

function startChild(mode: 'append' | 'hold'): {
  child: ChildProcess
  lines: string[]
  exited: Promise<void>
} {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, dir, mode], {
    cwd: join(here, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const lines: string[] = []
  let partial = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    const parts = (partial + text).split('\n')
    partial = parts.pop()!
    lines.push(...parts)
  })
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL') resolve()
      else reject(new Error(`child exited with ${code ?? signal}: ${stderr}`))
    })
  })
  return { child, lines, exited }
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('FileBlockStore under kill -9', () => {
  it('keeps every block whose append returned, and nothing partial', async () => {
    let reported = 0
    for (let crash = 0; crash < 3; crash++) {
      const { child, lines, exited } = startChild('append')
      await until(() => lines.length >= 20, 'the child to append blocks')
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 150))
      child.kill('SIGKILL')
      await exited
      const rounds = lines.map((line) => Number(line))
      expect(rounds[0]).toBe(reported + 1) // it resumed right after the last durable round
      expect(rounds).toEqual(rounds.map((_, i) => reported + 1 + i))
      reported = rounds.at(-1)!

      const store = new FileBlockStore(dir)
      try {
        const loaded = store.load()
        // Every reported round is there; one more may be, if the kill came after its fsync.
        expect(loaded.length === reported || loaded.length === reported + 1).toBe(true)
        const expected = loaded.map((block) => blockFor(block.round, { bulkyEvery: 10 }))
        expect(plain(loaded)).toEqual(plain(expected))
        reported = loaded.length
      } finally {
        store.close()
      }
    }
  }, 30_000)

  it('refuses to open a directory another live process has open', async () => {
    const { child, lines } = startChild('hold')
    await until(() => lines.includes('ready'), 'the child to open the store')
    expect(() => new FileBlockStore(dir)).toThrow(`in use by process ${child.pid}`)
  }, 15_000)
})
