/**
 * `npm start`'s program as a child process: it prints a `ready` line with the URL, serves the web
 * app and the API there, and stops cleanly (exit 0) on SIGINT; bad configuration exits 2 with the
 * reason. (The seed it runs on a first start is tested in seed.test.ts.)
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
  it('serves on the printed URL and stops cleanly on Ctrl-C', async () => {
    const run = launch({ DATA_DIR: dataDir, PORT: '0', SEED: 'false' })
    try {
      const url = await readyUrl(run)
      expect(run.output().match(/ready/g)).toHaveLength(1)
      expect(run.output()).toContain('KMD (devnet)')
      const home = await fetch(`${url}/`)
      expect(home.status).toBe(200)
      expect(await home.text()).toContain('<div id="root">')
      const config = (await (await fetch(`${url}/api/config/`)).json()) as { network: string }
      expect(config.network).toBe('devnet')
      run.child.kill('SIGINT')
      expect(await run.exited).toBe(0)
      expect(run.output()).toContain('stopped')
      await expect(fetch(`${url}/`)).rejects.toThrow()
    } finally {
      run.child.kill('SIGKILL')
    }
  })

  it('exits 2 with the reason on bad configuration', async () => {
    const run = launch({ DATA_DIR: dataDir, PORT: 'http' })
    expect(await run.exited).toBe(2)
    expect(run.output()).toContain("PORT must be a port number (0-65535), not 'http'")
  })
})
