/**
 * The devnet CLI as a process: it starts on free ports (port 0), prints the three URLs, the token,
 * the genesis id and the USDC asset id, serves /health, and stops cleanly with exit code 0 on
 * SIGTERM and SIGINT. Bad arguments exit 2 with the usage.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { printedUrl, spawnCli } from './cli-process.js'

const FREE_PORTS = ['--algod-port', '0', '--indexer-port', '0', '--kmd-port', '0']
const TOKEN = 'a'.repeat(64)

describe('devnet CLI', () => {
  it('starts, answers /health on all three, and exits 0 on SIGTERM', async () => {
    const cli = spawnCli(FREE_PORTS)
    try {
      const out = await cli.waitFor(/Press Ctrl\+C to stop/)
      expect(out).toContain(`token    ${TOKEN}`)
      expect(out).toMatch(/genesis {2}devnet-v1 \S{44}/)
      expect(out).toMatch(/usdc {5}asset id \d+/)
      for (const name of ['algod', 'indexer', 'kmd'] as const) {
        const res = await fetch(`${printedUrl(out, name)}/health`)
        expect(res.status, name).toBe(200)
      }
      const wallets = await fetch(`${printedUrl(out, 'kmd')}/v1/wallets`, {
        headers: { 'X-KMD-API-Token': TOKEN },
      })
      expect(wallets.status).toBe(200)
    } finally {
      cli.child.kill('SIGTERM')
    }
    const done = await cli.finished
    expect(done.code).toBe(0)
    expect(done.stdout).toContain('devnet: stopped')
  }, 60_000)

  it('keeps state under --data, refuses a second devnet on the same directory, stops on SIGINT', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnet-cli-'))
    const first = spawnCli([...FREE_PORTS, '--data', dir])
    try {
      await first.waitFor(/Press Ctrl\+C to stop/)
      expect(readdirSync(dir).length).toBeGreaterThan(0)
      const second = spawnCli([...FREE_PORTS, '--data', dir])
      const refused = await second.finished
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/could not start/)
    } finally {
      first.child.kill('SIGINT')
      const done = await first.finished
      rmSync(dir, { recursive: true, force: true })
      expect(done.code).toBe(0)
    }
  }, 60_000)

  it('stops and frees its ports when its parent shell is killed (npm run under sh -c)', async () => {
    const cli = spawnCli(FREE_PORTS, true)
    const out = await cli.waitFor(/Press Ctrl\+C to stop/)
    const health = `${printedUrl(out, 'algod')}/health`
    expect((await fetch(health)).status).toBe(200)
    cli.child.kill('SIGTERM') // the shell only, as npm forwards it
    await cli.finished
    const deadline = Date.now() + 10_000
    let closed = false
    while (!closed && Date.now() < deadline) {
      closed = await fetch(health).then(
        () => false,
        () => true,
      )
      if (!closed) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(closed).toBe(true)
  }, 60_000)

  it('exits 2 with the usage on bad arguments', async () => {
    // Each kind of refusal once here; parseCliArgs' cases are in cli-args.test.ts.
    const bad = [['--bogus'], ['--algod-port', '70000'], ['--indexer-port'], ['positional']]
    const results = await Promise.all(bad.map((args) => spawnCli(args).finished))
    results.forEach((result, i) => {
      expect(result.code, bad[i].join(' ')).toBe(2)
      expect(result.stderr).toContain('Usage: npm run devnet -- [options]')
      expect(result.stdout).toBe('')
    })
  }, 60_000)

  it('prints the usage and exits 0 with --help', async () => {
    const result = await spawnCli(['--help']).finished
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('--block-interval MS')
  }, 30_000)
})
