/**
 * `npm run bench -- web`: builds apps/web and prints the gzip size of the JavaScript the home
 * route loads (the entry chunk and every chunk it imports statically) and of all the JavaScript,
 * beside a baseline built in the same run by the same Vite: a React app that renders one
 * paragraph, the floor any React app pays. Target: home <= 250 kB gzip; wallet SDKs and algosdk load only when needed.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const WEB = join(ROOT, 'apps/web')
const DIST = join(WEB, 'dist')
const TARGET_HOME_BYTES = 250_000

const gzipSize = (path: string): number => gzipSync(readFileSync(path), { level: 9 }).length
const kB = (n: number): string => `${(n / 1000).toFixed(1)} kB`

/** The chunks a module imports statically (`import … from"./x.js"` / `import"./x.js"`). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8')
  const out: string[] = []
  for (const m of code.matchAll(
    /(?:^|[;\s}])import\s*(?:[^'"();]*?from\s*)?["'](\.\/[^"']+\.js)["']/g,
  )) {
    out.push(join(dirname(file), m[1]))
  }
  return out
}

/** The entry chunk of index.html and everything it pulls in statically. */
export function homeChunks(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const entries = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) =>
    join(dist, m[1]),
  )
  const seen = new Set<string>()
  const stack = [...entries]
  while (stack.length > 0) {
    const f = stack.pop()!
    if (seen.has(f)) continue
    seen.add(f)
    stack.push(...staticImports(f))
  }
  return [...seen]
}

const jsFiles = (dist: string): string[] =>
  readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(dist, 'assets', f))

const build = (cwd: string): void => {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd, stdio: 'inherit' })
}

/** Builds the smallest React app (inside node_modules so it resolves the same react). */
function baselineBytes(): number {
  const dir = join(ROOT, 'node_modules/.cache/bench-web-baseline')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/main.js"></script>',
  )
  writeFileSync(
    join(dir, 'main.js'),
    "import { createElement } from 'react'\nimport { createRoot } from 'react-dom/client'\n" +
      "createRoot(document.getElementById('root')).render(createElement('p', null, 'Hello'))\n",
  )
  build(dir)
  return jsFiles(join(dir, 'dist')).reduce((n, f) => n + gzipSize(f), 0)
}

export function main(): void {
  build(WEB)
  const all = jsFiles(DIST)
  const home = homeChunks(DIST)
  const homeBytes = home.reduce((n, f) => n + gzipSize(f), 0)
  const allBytes = all.reduce((n, f) => n + gzipSize(f), 0)

  const baseline = baselineBytes()

  console.log(`baseline  minimal React app (same Vite)     ${kB(baseline)} gzip`)
  console.log(
    `home      ${String(home.length).padStart(2)} chunks                          ${kB(homeBytes)} gzip  (${(homeBytes / baseline).toFixed(2)}x baseline; target <= ${kB(TARGET_HOME_BYTES)}: ${homeBytes <= TARGET_HOME_BYTES ? 'met' : 'MISSED'})`,
  )
  console.log(
    `all JS    ${String(all.length).padStart(2)} chunks                          ${kB(allBytes)} gzip  (${(allBytes / baseline).toFixed(2)}x baseline)`,
  )
}
