/**
 * `npm run screenshot -w @unica/launcher`: the README's picture. Starts Unica in memory with the
 * demo seed, opens the home page in headless Debian Chromium (never a downloaded browser) and
 * saves docs/screenshot.png at the repository root.
 */
import { chromium } from 'playwright-core'
import { CHROMIUM_LAUNCH } from './chromium.js'
import { seedDemo } from './seed/seed.js'
import { startUnica } from './start.js'
import { buildWeb, webBuildNeeded } from './web-build.js'

const OUT = new URL('../../../docs/screenshot.png', import.meta.url).pathname

if (webBuildNeeded()) await buildWeb()
const unica = await startUnica()
try {
  const devnet = unica.devnet
  if (devnet === null) throw new Error('no devnet')
  await seedDemo({ url: unica.url, devnet, chain: unica.chain, database: unica.database })
  const browser = await chromium.launch(CHROMIUM_LAUNCH)
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
    await page.goto(`${unica.url}/featured`)
    // The featured item and its section images, loaded.
    await page.getByRole('img').first().waitFor()
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: OUT })
    process.stdout.write(`saved ${OUT}\n`)
  } finally {
    await browser.close()
  }
} finally {
  await unica.stop()
}
