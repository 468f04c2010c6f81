#!/usr/bin/env node
/**
 * The static checks of `npm test`: the TypeScript typecheck of the root and of every workspace,
 * ESLint, Prettier, the import-cycle check (import-cycles.ts) and knip (no unused file, export or
 * dependency; its entry points are in knip.jsonc). Each of them is one single-threaded process, so running them one after
 * another left a core idle for minutes; here they run side by side, as many at once as the
 * machine has cores, longest first. Output is printed per check when it ends, and the exit code
 * is 1 when any check failed.
 *
 *   node lint/static-checks.mjs              every check
 *   node lint/static-checks.mjs typecheck    only the typecheck (likewise eslint, prettier, cycles, knip)
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)

/** The workspaces that declare a typecheck script (root package.json globs: `dir` or `dir/*`). */
function typecheckedWorkspaces() {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const dirs = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => `${pattern.slice(0, -2)}/${d.name}`)
      : [pattern],
  )
  return dirs.filter((dir) => {
    const manifest = join(root, dir, 'package.json')
    if (!existsSync(manifest)) return false
    return JSON.parse(readFileSync(manifest, 'utf8')).scripts?.typecheck !== undefined
  })
}

// Heaviest first, so the tail of the run is short checks on both cores.
const ORDER = ['apps/web', 'apps/server', 'packages/devnet', 'packages/avm']
const rank = (dir) => {
  const i = ORDER.indexOf(dir)
  return i === -1 ? ORDER.length : i
}

const checks = {
  eslint: [{ name: 'eslint', cmd: bin('eslint'), args: ['--max-warnings=0', '.'] }],
  typecheck: [
    ...typecheckedWorkspaces()
      .sort((a, b) => rank(a) - rank(b))
      .map((dir) => ({ name: `tsc ${dir}`, cmd: bin('tsc'), args: ['--noEmit', '-p', dir] })),
    { name: 'tsc (root)', cmd: bin('tsc'), args: ['--noEmit', '-p', '.'] },
  ],
  prettier: [{ name: 'prettier', cmd: bin('prettier'), args: ['--check', '.'] }],
  cycles: [
    {
      name: 'import cycles',
      cmd: process.execPath,
      args: ['--import', 'tsx', join(root, 'lint', 'import-cycles.ts')],
    },
  ],
  // A finding is fixed, or its reason to stay is written in knip.jsonc or as a tag on the export.
  knip: [{ name: 'knip', cmd: bin('knip'), args: ['--no-progress'] }],
}

const only = process.argv[2]
if (only !== undefined && !(only in checks)) {
  console.error(`usage: static-checks.mjs [${Object.keys(checks).join('|')}]`)
  process.exit(2)
}
// ESLint is the longest single check: it starts first, the typecheck fills the other core.
const queue =
  only === undefined
    ? [...checks.eslint, ...checks.typecheck, ...checks.prettier, ...checks.cycles, ...checks.knip]
    : checks[only]

function run({ name, cmd, args }) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('error', (err) => {
      out += String(err)
    })
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const ok = code === 0
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`)
      if (!ok) process.stdout.write(out)
      resolve(ok)
    })
  })
}

const width = Math.max(1, Math.min(availableParallelism(), queue.length))
const results = []
let next = 0
await Promise.all(
  Array.from({ length: width }, async () => {
    while (next < queue.length) {
      const check = queue[next++]
      results.push(await run(check))
    }
  }),
)
if (results.some((ok) => !ok)) {
  console.error('static checks failed')
  process.exit(1)
}
