/**
 * Playwright for Unica's browser tests: Debian's Chromium (never a downloaded browser), headless,
 * one worker per core at most. Each test starts its own devnet, database and server (src/fixtures.ts),
 * so tests share nothing and may run in parallel.
 */
import { defineConfig } from '@playwright/test'
import { CHROMIUM_LAUNCH } from '@unica/launcher/chromium'

export default defineConfig({
  testDir: 'tests',
  outputDir: 'artifacts/results',
  globalSetup: './src/global-setup.ts',
  // Whole flows on a 2-core machine shared with the devnet and the server.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  workers: 2,
  fullyParallel: true,
  forbidOnly: process.env.CI !== undefined,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    viewport: { width: 1280, height: 900 },
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
