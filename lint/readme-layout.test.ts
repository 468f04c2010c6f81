/**
 * Every package explains itself (issue 13): each workspace has a README with a "Layout" table,
 * every path the table names exists (from the package or from its `src/`), and every folder at the
 * package's top and in its `src/` is named by a row (a path in it starts with that folder).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SKIP = new Set(['node_modules', 'dist', 'artifacts', 'test-results', 'playwright-report'])

/** The workspaces of package.json, expanded. */
function workspaces(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[]
  }
  return pkg.workspaces.flatMap((w) =>
    w.endsWith('/*')
      ? readdirSync(join(ROOT, w.slice(0, -2)))
          .map((d) => `${w.slice(0, -2)}/${d}`)
          .filter((d) => existsSync(join(ROOT, d, 'package.json')))
      : [w],
  )
}

/** The backticked paths in the first column of the README's layout table(s). */
function layoutPaths(readme: string): string[] {
  const at = readme.search(/^#+ Layout\b/m)
  if (at < 0) return []
  // The section runs to the next heading.
  const lines = readme.slice(at).split('\n').slice(1)
  const end = lines.findIndex((line) => line.startsWith('#'))
  const rows = (end < 0 ? lines : lines.slice(0, end)).filter((line) => line.startsWith('|'))
  return rows.flatMap((row) => {
    const first = row.split('|')[1] ?? ''
    const cell = [...first.matchAll(/`([^`]+)`/g)].map((m) => m[1])
    // `src/eval/params.ts`, `pools.ts`: a bare name after a path is in that path's folder.
    const head = cell.at(0) ?? ''
    const folder = head.slice(0, head.lastIndexOf('/') + 1)
    return cell.map((p, i) => (i > 0 && !p.includes('/') ? folder + p : p))
  })
}

/** Folders a table must name: the package's own, and those in its `src/`. */
function folders(dir: string): string[] {
  const list = (sub: string) =>
    existsSync(join(dir, sub))
      ? readdirSync(join(dir, sub))
          .filter((name) => !name.startsWith('.') && !SKIP.has(name))
          .filter((name) => statSync(join(dir, sub, name)).isDirectory())
          .map((name) => (sub === '' ? `${name}/` : `${sub}/${name}/`))
      : []
  return [...list(''), ...list('src')]
}

describe('package READMEs', () => {
  for (const pkg of workspaces()) {
    it(`${pkg} has a layout table that matches its folders`, () => {
      const dir = join(ROOT, pkg)
      const readmePath = join(dir, 'README.md')
      expect(existsSync(readmePath), `${pkg}/README.md`).toBe(true)
      const paths = layoutPaths(readFileSync(readmePath, 'utf8'))
      expect(paths.length, `${pkg}/README.md has a "Layout" table`).toBeGreaterThan(0)
      // A row's path may be a pattern (`*.test.ts`, `test/<area>/`) or list several (`a.ts`, `b.ts`).
      const concrete = paths
        .flatMap((p) => p.split(/,\s*/))
        .filter((p) => !/[*<>{}]/.test(p) && !p.includes(' '))
      const missing = concrete.filter(
        (p) => !existsSync(join(dir, p)) && !existsSync(join(dir, 'src', p)),
      )
      expect(missing, `${pkg}/README.md names paths that do not exist`).toEqual([])
      const named = (folder: string) =>
        paths.some((p) =>
          [p, `src/${p}`].some((q) => q.startsWith(folder) || `${q}/`.startsWith(folder)),
        )
      const unnamed = folders(dir).filter((f) => !named(f))
      expect(unnamed, `${pkg}/README.md's layout does not name these folders`).toEqual([])
    })
  }
})
