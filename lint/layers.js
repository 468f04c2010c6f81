/**
 * The layer table of docs/architecture.md §3 as an ESLint rule (`unica/layers`).
 *
 * npm workspaces hoist every package into node_modules, so any workspace could import any other;
 * this rule is what keeps the chain-free product code (server, web) off the embedded devnet and
 * the AVM, and the packages below them from reaching up. It checks every import, re-export and
 * dynamic import() of a source file:
 * - `@unica/NAME` must be allowed for the importing workspace (at run time, or in development
 *   files only: tests, `test/` folders, testing entries, scripts, tool configs), and a subpath
 *   (`@unica/avm/testing`) must be one the package exports;
 * - a relative import may not leave its workspace (`../../packages/avm/src/...`): import the
 *   package by name, so the layer table sees it.
 *
 * A distinct rule rather than `no-restricted-imports`, so that other config blocks may use that
 * rule for their own purposes without the two silently overriding each other.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Every workspace may import this (e2e and bench drive the whole product, as a user would). */
const ANY = '*'

/**
 * What each workspace may import of ours: `runtime` in product code, `dev` additionally in
 * development files. A workspace missing here may import nothing of ours.
 */
const LAYERS = {
  'packages/avm': { runtime: [], dev: [] },
  'packages/txgroup': { runtime: [], dev: [] },
  // The protocol's rules (versions, limits): below both the schemas and the contracts.
  'packages/rules': { runtime: [], dev: [] },
  // Bytes as IPFS objects (CIDs, the blockstore, CAR): below the server and the launcher.
  'packages/ipfs': { runtime: [], dev: [] },
  'packages/schemas': { runtime: ['rules'], dev: [] },
  'packages/devnet': { runtime: ['avm', 'txgroup'], dev: [] },
  'packages/contracts': { runtime: ['rules', 'txgroup'], dev: ['avm', 'devnet'] },
  'apps/server': {
    runtime: ['rules', 'schemas', 'contracts', 'txgroup', 'ipfs'],
    dev: ['devnet', 'avm'],
  },
  'apps/web': { runtime: ['rules', 'schemas', 'contracts', 'txgroup'], dev: ['devnet', 'avm'] },
  // The launcher is npm start's composition root: running the embedded devnet is its job.
  'apps/launcher': {
    runtime: ['rules', 'schemas', 'contracts', 'txgroup', 'server', 'devnet', 'ipfs'],
    dev: ['avm'],
  },
  // npm run cluster runs the server as processes (by path); it embeds only the devnet.
  'apps/cluster': { runtime: ['devnet'], dev: ['contracts', 'schemas'] },
  bench: { runtime: [ANY], dev: [ANY] },
  e2e: { runtime: [ANY], dev: [ANY] },
}

/** Development files, relative to their workspace: tests, fixtures, scripts, tool configs. */
const DEV_FILE = [
  /(^|\/)test\//,
  /\.test\.[cm]?[jt]sx?$/,
  /(^|\/)testing(\/|\.[cm]?[jt]sx?$)/,
  /^scripts\//,
  /^[^/]+\.config\.[cm]?[jt]s$/,
]

/** The workspaces on disk: folder (relative to the root, with /) → package name and exports. */
function readWorkspaces() {
  const rootPkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  const folders = rootPkg.workspaces.flatMap((/** @type {string} */ pattern) => {
    if (!pattern.endsWith('/*')) return [pattern]
    const parent = pattern.slice(0, -2)
    return readdirSync(join(ROOT, parent), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${parent}/${d.name}`)
  })
  /** @type {Map<string, { name: string, entries: Set<string> }>} */
  const byFolder = new Map()
  for (const folder of folders) {
    const file = join(ROOT, folder, 'package.json')
    if (!existsSync(file)) continue
    const pkg = JSON.parse(readFileSync(file, 'utf8'))
    const exportsField = pkg.exports ?? {}
    const entries = new Set(typeof exportsField === 'string' ? ['.'] : Object.keys(exportsField))
    byFolder.set(folder, { name: pkg.name, entries })
  }
  return byFolder
}

const WORKSPACES = readWorkspaces()
const FOLDER_OF_NAME = new Map([...WORKSPACES].map(([folder, ws]) => [ws.name, folder]))

/** The workspace folder holding an absolute path, or undefined (root files). */
function workspaceOf(/** @type {string} */ path) {
  const rel = relative(ROOT, path).split(sep).join('/')
  let best
  for (const folder of WORKSPACES.keys()) {
    if ((rel === folder || rel.startsWith(`${folder}/`)) && (!best || folder.length > best.length))
      best = folder
  }
  return best
}

function shortName(/** @type {string} */ folder) {
  return WORKSPACES.get(folder)?.name.replace(/^@unica\//, '') ?? folder
}

/** The problem with one import specifier in `filename`, or undefined when it is allowed. */
function layerProblem(/** @type {string} */ filename, /** @type {string} */ specifier) {
  const own = workspaceOf(filename)
  if (specifier.startsWith('.')) {
    const target = workspaceOf(resolve(dirname(filename), specifier))
    if (target === undefined || target === own) return undefined
    return `'${specifier}' reaches into ${target}: import '${WORKSPACES.get(target)?.name ?? target}' instead`
  }
  const match = /^(@unica\/[^/]+)(?:\/(.*))?$/.exec(specifier)
  if (!match) return undefined
  const [, name, sub] = match
  const target = FOLDER_OF_NAME.get(name)
  if (target === undefined) return `'${name}' is not a workspace of this repository`
  if (sub !== undefined && !WORKSPACES.get(target)?.entries.has(`./${sub}`))
    return `'${specifier}' is not an entry that ${name} exports`
  if (own === undefined || target === own) return undefined
  const layer = LAYERS[/** @type {keyof typeof LAYERS} */ (own)]
  if (layer === undefined) return `${own} is missing from the layer table (lint/layers.js)`
  const rel = relative(join(ROOT, own), filename).split(sep).join('/')
  const dev = DEV_FILE.some((re) => re.test(rel))
  const allowed = dev ? [...layer.runtime, ...layer.dev] : layer.runtime
  if (allowed.includes(ANY) || allowed.includes(shortName(target))) return undefined
  if (!dev && layer.dev.includes(shortName(target)))
    return `${own} may import '${name}' only in tests, test/ folders, testing entries and scripts (docs/architecture.md §3)`
  return `${own} may not import '${name}' (layer table, docs/architecture.md §3)`
}

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layer table of docs/architecture.md §3' },
    schema: [],
  },
  create(context) {
    /** @param {any} source */
    function check(source) {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return
      const problem = layerProblem(context.filename, source.value)
      if (problem !== undefined) context.report({ node: source, message: problem })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

/** The ESLint plugin: `unica/layers`. */
export const layersPlugin = { rules: { layers: layersRule } }
