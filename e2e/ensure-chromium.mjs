// The browser tests use Debian's Chromium (never a downloaded one). When it is missing, install it
// with apt-get if we are root; otherwise stop and print the exact command to run.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM = '/usr/bin/chromium'

if (!existsSync(CHROMIUM)) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0
  const command = 'apt-get update && apt-get install -y chromium'
  if (!root) {
    console.error(
      `Debian's Chromium is missing at ${CHROMIUM}. Install it with:\n  sudo sh -c '${command}'`,
    )
    process.exit(1)
  }
  console.log(`Chromium missing at ${CHROMIUM}: running ${command}`)
  execFileSync('sh', ['-c', command], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing`)
    process.exit(1)
  }
}
