/**
 * The test fixture: every test gets a fresh Unica (devnet, database, media, server with its
 * worker, the SPA on one origin) and a page whose base URL points at it. Screenshots of the main
 * screens go to e2e/artifacts/screens.
 */
import { mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test as base, type Page } from '@playwright/test'
import { startUnica, type Unica } from './dev-unica.js'

export const ARTIFACTS = resolve(dirname(fileURLToPath(import.meta.url)), '../artifacts')

export interface Fixtures {
  readonly unica: Unica
  /** Saves a full-page screenshot of the current screen as artifacts/screens/NAME.png. */
  readonly screenshot: (page: Page, name: string) => Promise<void>
}

export const test = base.extend<Fixtures>({
  unica: async ({}, use) => {
    const unica = await startUnica({ staff: ['Wallet2'] })
    try {
      await use(unica)
    } finally {
      await unica.stop()
    }
  },
  baseURL: async ({ unica }, use) => {
    await use(unica.url)
  },
  screenshot: async ({}, use) => {
    const dir = join(ARTIFACTS, 'screens')
    mkdirSync(dir, { recursive: true })
    await use(async (page, name) => {
      await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })
    })
  },
})

export { expect } from '@playwright/test'
