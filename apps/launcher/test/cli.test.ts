/**
 * `npm start`'s program as a child process: it seeds the demo on a first start (the seed's
 * effects are checked in seed.test.ts), prints a `ready` line with the URL, serves the web app and
 * the API there, reuses its data on a second start, and stops cleanly (exit 0) on SIGINT or
 * SIGTERM; bad configuration exits 2 with the reason.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const CLI = new URL('../src/cli.ts', import.meta.url).pathname
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'unica-cli-'))
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

interface Run {
  readonly child: ChildProcess
  output(): string
  exited: Promise<number | null>
}

function launch(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      resolve(code)
    })
  })
  return { child, output: () => output, exited }
}

async function readyUrl(run: Run): Promise<string> {
  const deadline = Date.now() + 150_000
  for (;;) {
    const match = /^ready: (http:\/\/localhost:[0-9]+)/m.exec(run.output())
    if (match?.[1] !== undefined) return match[1]
    if (run.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`no ready line; output:\n${run.output()}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('npm start (apps/launcher/src/cli.ts)', () => {
  it('seeds on the first start, reuses the data on the second, stops cleanly on Ctrl-C', async () => {
    const first = launch({ DATA_DIR: dataDir, PORT: '0' })
    try {
      const url = await readyUrl(first)
      expect(first.output().match(/ready/g)).toHaveLength(1)
      expect(first.output()).toContain('First start: seeding the demo')
      expect(first.output()).toContain('KMD (devnet)')
      const home = await fetch(`${url}/`)
      expect(home.status).toBe(200)
      expect(await home.text()).toContain('<div id="root">')
      const assets = (await (await fetch(`${url}/api/assets/`)).json()) as { count: number }
      expect(assets.count).toBeGreaterThanOrEqual(8)
      first.child.kill('SIGINT')
      expect(await first.exited).toBe(0)
      expect(first.output()).toContain('stopped')
      await expect(fetch(`${url}/`)).rejects.toThrow()
    } finally {
      first.child.kill('SIGKILL')
    }

    const second = launch({ DATA_DIR: dataDir, PORT: '0' })
    try {
      const url = await readyUrl(second)
      expect(second.output()).not.toContain('seed')
      const assets = (await (await fetch(`${url}/api/assets/`)).json()) as { count: number }
      expect(assets.count).toBeGreaterThanOrEqual(8)
      second.child.kill('SIGTERM')
      expect(await second.exited).toBe(0)
    } finally {
      second.child.kill('SIGKILL')
    }

    // Without the marker of a finished seed, NFTs in the database mean an interrupted seed.
    await rm(join(dataDir, 'demo-seeded'))
    const third = launch({ DATA_DIR: dataDir, PORT: '0' })
    try {
      await readyUrl(third)
      expect(third.output()).toContain('Not seeding the demo: the database already holds NFTs')
      third.child.kill('SIGINT')
      expect(await third.exited).toBe(0)
    } finally {
      third.child.kill('SIGKILL')
    }
  })

  it('exits 2 with the reason on bad configuration', async () => {
    const run = launch({ DATA_DIR: dataDir, PORT: 'http' })
    expect(await run.exited).toBe(2)
    expect(run.output()).toContain("PORT must be a port number (0-65535), not 'http'")
  })
})
