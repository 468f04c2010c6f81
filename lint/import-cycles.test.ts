/**
 * The import-cycle check on a small project written to a temporary folder: which imports make a
 * cycle (values, types, re-exports, through a workspace package) and which do not (`import()`,
 * a library in node_modules).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCycles, importGraph } from './import-cycles.js'

let root: string
const files: string[] = []

function write(path: string, text: string): void {
  const file = join(root, path)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
  if (/\.(ts|js)$/.test(path) && !path.startsWith('node_modules/')) files.push(file)
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'import-cycles-'))
  write('package.json', JSON.stringify({ name: 'fixture', type: 'module' }))
  write(
    'tsconfig.json',
    JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }),
  )
  // A value import one way, a type-only import back.
  write('typed/a.ts', "import { b } from './b.js'\nexport const a = b + 1\n")
  write('typed/b.ts', "import type { A } from './c.js'\nexport const b = 1\n")
  write('typed/c.ts', "export type A = typeof import('./a.js').a\nexport * from './a.js'\n")
  // Three files in a ring, one of them a JavaScript file.
  write('ring/one.ts', "export { two } from './two.js'\nexport const one = 1\n")
  write('ring/two.ts', "import { three } from './three.js'\nexport const two = three\n")
  write('ring/three.js', "import { one } from './one.js'\nexport const three = one\n")
  // import() is not counted.
  write('lazy/page.ts', "import { routes } from './router.js'\nexport const page = routes\n")
  write('lazy/router.ts', "export const routes = [() => import('./page.js')]\n")
  // A package of the repository, reached through node_modules by its name and its exports.
  write(
    'packages/lib/package.json',
    JSON.stringify({ name: '@t/lib', type: 'module', exports: { '.': './src/index.ts' } }),
  )
  write(
    'packages/lib/src/index.ts',
    "import { app } from '../../../app/main.js'\nexport const l = app\n",
  )
  write('app/main.ts', "import { l } from '@t/lib'\nexport const app = 1\nexport const m = l\n")
  mkdirSync(join(root, 'node_modules/@t'), { recursive: true })
  symlinkSync(join(root, 'packages/lib'), join(root, 'node_modules/@t/lib'), 'dir')
  // A library in node_modules that imports our file is not followed.
  write('node_modules/ext/package.json', JSON.stringify({ name: 'ext', main: 'index.js' }))
  write('node_modules/ext/index.js', "import '../../solo/uses-ext.js'\n")
  write('solo/uses-ext.ts', "import 'ext'\nexport const solo = 1\n")
})

afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

describe('import cycles', () => {
  it('finds each cycle once, as its shortest loop, and nothing else', () => {
    const cycles = importCycles(importGraph(root, files)).map((cycle) =>
      cycle.map((file) => relative(root, file)),
    )
    expect(cycles).toEqual(
      expect.arrayContaining([
        ['app/main.ts', 'packages/lib/src/index.ts', 'app/main.ts'],
        ['ring/one.ts', 'ring/two.ts', 'ring/three.js', 'ring/one.ts'],
        ['typed/a.ts', 'typed/b.ts', 'typed/c.ts', 'typed/a.ts'],
      ]),
    )
    expect(cycles).toHaveLength(3)
  })

  it('is empty once a cycle is broken', () => {
    const graph = importGraph(root, files)
    const withoutTypes = new Map(graph)
    withoutTypes.set(join(root, 'typed/b.ts'), [])
    withoutTypes.set(join(root, 'ring/three.js'), [])
    withoutTypes.set(join(root, 'app/main.ts'), [])
    expect(importCycles(withoutTypes)).toEqual([])
  })
})
