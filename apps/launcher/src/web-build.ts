/**
 * Builds the web app when apps/web/dist is missing or older than any of its sources (the app
 * itself and the workspaces it bundles), so `npm start` on a fresh clone or after a pull serves
 * what the code says.
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = new URL('../../../', import.meta.url).pathname

/** What the web bundle is made from, relative to the repository root. */
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/schemas/src',
  'packages/contracts/src',
]

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

export function webBuildNeeded(root = ROOT): boolean {
  const built = join(root, 'apps/web/dist/index.html')
  if (!existsSync(built)) return true
  const builtAt = statSync(built).mtimeMs
  return WEB_SOURCES.some((source) => newestMtime(join(root, source)) > builtAt)
}

/** Runs the web workspace's Vite build, its output going to our terminal. */
export async function buildWeb(root = ROOT): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
    const child = spawn(npm, ['run', 'build', '-w', '@unica/web'], { cwd: root, stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`the web build failed (${signal ?? `exit code ${String(code)}`})`))
    })
  })
}
