/**
 * Before any browser test: the web app must be built (apps/web/dist), and fresh. It is rebuilt
 * when missing or older than any source it is made from, so a test never runs yesterday's UI.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/schemas/src',
  'packages/contracts/src',
]

function newest(path: string): number {
  if (!existsSync(path)) return 0
  const s = statSync(path)
  if (!s.isDirectory()) return s.mtimeMs
  return readdirSync(path).reduce((m, f) => Math.max(m, newest(join(path, f))), s.mtimeMs)
}

export default function globalSetup(): void {
  const built = join(ROOT, 'apps/web/dist/index.html')
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
  const sourcesAt = Math.max(...SOURCES.map((s) => newest(join(ROOT, s))))
  if (builtAt > sourcesAt) return
  console.log('Building the web app (apps/web/dist is missing or older than its sources)')
  execFileSync('npm', ['run', 'build', '-w', '@unica/web'], { cwd: ROOT, stdio: 'inherit' })
}
