/**
 * No module of ours imports itself, directly or through others (issue 30). Run by
 * `lint/static-checks.mjs` over every file git knows in the repository (all workspaces, the
 * checks themselves and the root's configs): it prints each cycle and exits 1 when there is one.
 *
 *   node --import tsx lint/import-cycles.ts
 *
 * What counts as an import: every `import` and `export … from` declaration, type-only ones
 * included, and `import x = require(…)`. A type-only import is erased from the JavaScript, so it
 * orders no module's evaluation; it is counted all the same because a cycle of types is a cycle
 * of meaning (neither module can be read, moved or tested without the other), and it turns into
 * a runtime cycle the day one of its imports starts to carry a value. `import()` expressions are
 * left out: they load after both modules have run, as a callback would.
 *
 * Specifiers are resolved by TypeScript itself with the options of the nearest tsconfig.json
 * (NodeNext: `./x.js` is the `x.ts` beside it; `@unica/…` through the package's `exports` to its
 * sources), so the graph is the one tsc sees. Libraries in node_modules are not followed.
 *
 * dependency-cruiser 16 (the last for Node 20) does not read TypeScript 6, and ESLint's
 * `import-x/no-cycle` skips type-only imports and added half a minute to ESLint; the TypeScript
 * API we already pin does this in a few seconds.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/
const DECLARATION = /\.d\.(ts|mts|cts)$/

/** Every source file git tracks or would track (ignored files left out), as absolute paths. */
export function repositoryFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  return listed
    .split('\n')
    .filter((path) => SOURCE.test(path) && !DECLARATION.test(path))
    .map((path) => join(root, path))
    .filter((path) => existsSync(path))
}

/** The module specifiers a file's declarations import or re-export from. */
function specifiersOf(file: string): string[] {
  const text = ts.sys.readFile(file) ?? ''
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const found: string[] = []
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      found.push(statement.moduleSpecifier.text)
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    ) {
      found.push(statement.moduleReference.expression.text)
    }
  }
  return found
}

/** Compiler options of the tsconfig.json nearest to each folder, read once per config. */
function optionsFinder(root: string): (file: string) => ts.CompilerOptions {
  const byConfig = new Map<string, ts.CompilerOptions>()
  const byFolder = new Map<string, string | undefined>()
  const configOf = (folder: string): string | undefined => {
    if (byFolder.has(folder)) return byFolder.get(folder)
    const candidate = join(folder, 'tsconfig.json')
    const parent = dirname(folder)
    const config = existsSync(candidate)
      ? candidate
      : folder === root || parent === folder
        ? undefined
        : configOf(parent)
    byFolder.set(folder, config)
    return config
  }
  return (file) => {
    const config = configOf(dirname(file))
    if (config === undefined) return { module: ts.ModuleKind.NodeNext, allowJs: true }
    let options = byConfig.get(config)
    if (options === undefined) {
      const read = ts.readConfigFile(config, (path) => ts.sys.readFile(path))
      const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(config))
      // allowJs: so that a `.js` specifier also finds our JavaScript files (lint/layers.js).
      options = { ...parsed.options, allowJs: true }
      byConfig.set(config, options)
    }
    return options
  }
}

/** Each file's imports among `files`, resolved as TypeScript resolves them. */
export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const ours = new Set(files)
  const optionsOf = optionsFinder(root)
  const cache = ts.createModuleResolutionCache(root, (name) => name)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const options = optionsOf(file)
    const targets = new Set<string>()
    for (const specifier of specifiersOf(file)) {
      const { resolvedModule } = ts.resolveModuleName(specifier, file, options, ts.sys, cache)
      const target = resolvedModule && resolve(resolvedModule.resolvedFileName)
      if (target !== undefined && target !== file && ours.has(target)) targets.add(target)
    }
    graph.set(file, [...targets].sort())
  }
  return graph
}

/**
 * One cycle for each group of files that reach one another (Tarjan's strongly connected
 * components), as the shortest path from the group's first file back to itself; a group of
 * several cycles shows one, and the next run shows the next.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (file: string): void => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1) groups.push(group.sort())
  }
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file)
  return groups.map((group) => shortestLoop(graph, group))
}

/** The shortest path from the group's first file back to it, staying inside the group. */
function shortestLoop(graph: ReadonlyMap<string, readonly string[]>, group: string[]): string[] {
  const inside = new Set(group)
  const start = group[0]
  const from = new Map<string, string>()
  const queue = [start]
  for (let at = 0; at < queue.length; at++) {
    for (const next of graph.get(queue[at]) ?? []) {
      if (!inside.has(next)) continue
      if (next === start) {
        const path = [queue[at]]
        while (path[0] !== start) path.unshift(from.get(path[0])!)
        return [...path, start]
      }
      if (!from.has(next)) {
        from.set(next, queue[at])
        queue.push(next)
      }
    }
  }
  return group
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
  const started = Date.now()
  const files = repositoryFiles(root)
  const cycles = importCycles(importGraph(root, files))
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  for (const cycle of cycles) {
    console.log(`import cycle: ${cycle.map((file) => relative(root, file)).join(' -> ')}`)
  }
  console.log(`${cycles.length} import cycles in ${files.length} files (${seconds} s)`)
  if (cycles.length > 0) process.exitCode = 1
}

// Run as a script (the static checks), not when a test imports it.
const script = process.argv.at(1)
if (script !== undefined && import.meta.url === pathToFileURL(script).href) {
  main()
}
