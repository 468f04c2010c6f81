/**
 * The test fixture: every test gets a fresh Unica (devnet, database, media, server with its
 * worker, the SPA on one origin) and a page whose base URL points at it. Screenshots of the main
 * screens go to e2e/artifacts/screens.
 */
import { mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test as base, type Page } from '@playwright/test'
import { startUnica, type Unica } from '@unica/launcher'
import type { Devnet } from '@unica/devnet'
import { users } from '@unica/server'
import { accountNamed } from './chain.js'

/** The staff account: the devnet's first test account, as the demo seed registers it. */
export const STAFF = 'Wallet2'

export const ARTIFACTS = resolve(dirname(fileURLToPath(import.meta.url)), '../artifacts')

export interface Fixtures {
  readonly unica: Unica
  /** The embedded devnet of this test's Unica. */
  readonly devnet: Devnet
  /** Saves a full-page screenshot of the current screen as artifacts/screens/NAME.png. */
  readonly saveScreen: (page: Page, name: string) => Promise<void>
}

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its destructured first parameter: none here.
  // eslint-disable-next-line no-empty-pattern
  unica: async ({}, use) => {
    const unica = await startUnica({ rateLimitMax: 100_000 })
    try {
      // Staff registration is an operator's act, not a user's: the devnet's first test account.
      const staff = accountNamed(unica.devnet!, STAFF)
      await unica.database.db.insert(users).values({ address: staff, isStaff: true })
      await use(unica)
    } finally {
      await unica.stop()
    }
  },
  devnet: async ({ unica }, use) => {
    await use(unica.devnet!)
  },
  baseURL: async ({ unica }, use) => {
    await use(unica.url)
  },
  // eslint-disable-next-line no-empty-pattern
  saveScreen: async ({}, use) => {
    const dir = join(ARTIFACTS, 'screens')
    mkdirSync(dir, { recursive: true })
    await use(async (page, name) => {
      await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })
    })
  },
})

export { expect } from '@playwright/test'
