/**
 * `npm run bench -- NAME --against DIR [--rounds N]`: runs benchmark NAME in this checkout and in
 * another one (DIR, e.g. a `git worktree add --detach` of an earlier commit with its own
 * `npm ci`), alternating, N rounds (default 2) in the order this, DIR, DIR, this, ... so that a
 * load that rises or falls during the run weighs on both sides alike. Each run is the checkout's
 * own `npm run bench -- NAME` (its own code, migrations and baseline), in a child process.
 *
 * The other checkout's API benchmarks get their own PostgreSQL database (BENCH_DATABASE_URL, made
 * here unless that variable is already set), since its migrations may differ from ours.
 *
 * At the end every figure line is printed once per run, grouped by what it measures, this
 * checkout's runs first, so the two read side by side.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresUrl } from './postgres.js'

const HERE = fileURLToPath(new URL('..', import.meta.url))

interface Side {
  readonly label: string
  readonly dir: string
  readonly env: NodeJS.ProcessEnv
}

interface Run {
  readonly side: Side
  readonly round: number
  readonly lines: readonly string[]
  /** Set when the run did not finish: its figures so far still count. */
  readonly failed?: string
}

/** Runs the side's benchmark, echoing its output as it comes; a failed run keeps what it printed. */
function runOnce(name: string, side: Side, round: number): Promise<Run> {
  const tag = `[${side.label} ${String(round)}] `
  console.log(`\n${tag}npm run bench -- ${name}   (in ${side.dir})`)
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', name], {
    cwd: side.dir,
    env: side.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString()
    out += text
    process.stdout.write(text.replace(/^(?=.)/gm, tag))
  })
  return new Promise((done) => {
    const finish = (failed?: string) => {
      done({ side, round, lines: out.split('\n'), ...(failed === undefined ? {} : { failed }) })
    }
    child.once('error', (error) => {
      finish(error.message)
    })
    child.once('exit', (code) => {
      finish(code === 0 ? undefined : `exited with ${String(code)}`)
    })
  })
}

/** What a line measures: its section (the last unindented line) and the line without numbers. */
function measureOf(section: string, line: string): string {
  const shape = (text: string) =>
    text
      .replace(/\d[\d,.]*/g, '#')
      .replace(/\s+/g, ' ')
      .trim()
  return `${shape(section)} / ${shape(line)}`
}

/** Every figure line, grouped by what it measures, each run's version of it in turn. */
export function sideBySide(runs: readonly Run[]): string[] {
  const width = Math.max(...runs.map((r) => `${r.side.label} ${String(r.round)}`.length))
  const groups = new Map<string, string[]>()
  for (const run of runs) {
    let section = ''
    for (const line of run.lines) {
      if (/^\S/.test(line)) section = line
      if (!/\d/.test(line)) continue
      const key = measureOf(section, line)
      const rows = groups.get(key) ?? []
      rows.push(`${`${run.side.label} ${String(run.round)}`.padEnd(width)} | ${line.trimEnd()}`)
      groups.set(key, rows)
    }
  }
  return [...groups.values()].flatMap((rows) => [...rows, ''])
}

export async function compare(name: string, againstDir: string, rounds: number): Promise<void> {
  const dir = resolve(againstDir)
  if (!existsSync(resolve(dir, 'bench/run.ts')))
    throw new Error(`${dir} has no bench/run.ts: not a Unica checkout`)
  // Its own database, since its migrations may differ from ours.
  const database = (await postgresUrl(`unica_bench_against_${name}`)) ?? undefined
  const self: Side = { label: 'this', dir: HERE, env: process.env }
  const other: Side = {
    label: 'against',
    dir,
    env: database === undefined ? process.env : { ...process.env, BENCH_DATABASE_URL: database },
  }
  const runs: Run[] = []
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 === 1 ? [self, other] : [other, self]
    for (const side of order) runs.push(await runOnce(name, side, round))
  }
  runs.sort((a, b) => (a.side === b.side ? a.round - b.round : a.side === self ? -1 : 1))
  console.log(`\n${name}: this checkout (${HERE}) against ${dir}, ${String(rounds)} rounds each\n`)
  for (const line of sideBySide(runs)) console.log(line)
  for (const run of runs.filter((r) => r.failed !== undefined)) {
    console.log(`${run.side.label} ${String(run.round)} did not finish: ${run.failed ?? ''}`)
    process.exitCode = 1
  }
}
