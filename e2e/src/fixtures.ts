/**
 * The test fixture: every test gets a fresh Unica (devnet, database, media, server with its
 * worker, the SPA on one origin) and a page whose base URL points at it. Screenshots of the main
 * screens go to e2e/artifacts/screens. Every page of every test is watched for console errors and
 * warnings and uncaught exceptions (src/console-guard.ts): the test fails at teardown if any
 * appeared that the test did not announce with `allowConsole`.
 */
import { mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test as base, type Page } from '@playwright/test'
import {
  registerStaff,
  seedDemo,
  STAFF,
  startUnica,
  type SeedResult,
  type Unica,
} from '@unica/launcher'
import type { Devnet } from '@unica/devnet'
import { accountNamed } from './chain.js'
import { guardConsole, type ConsoleGuard } from './console-guard.js'

/** The staff account, as the demo seed registers it. */
export { STAFF }

export const ARTIFACTS = resolve(dirname(fileURLToPath(import.meta.url)), '../artifacts')

export interface Options {
  /** Seed the demo (the launcher's first-start seed, through the real on-chain flows) first. */
  readonly seeded: boolean
  /** The server's SMTP_URL (a test's own SMTP server); absent: no email. */
  readonly smtpUrl: string | undefined
}

export interface Fixtures {
  /** The seed's result when the test asked for `seeded`, else null. */
  readonly seed: SeedResult | null
  readonly unica: Unica
  /** The embedded devnet of this test's Unica. */
  readonly devnet: Devnet
  /** Saves a full-page screenshot of the current screen as artifacts/screens/NAME.png. */
  readonly saveScreen: (page: Page, name: string) => Promise<void>
  /**
   * Lets this test's pages log console errors or warnings matching `pattern`: only for tests that
   * provoke failures on purpose (the backend down, a failing /api). Anything else fails the test.
   */
  readonly allowConsole: (pattern: RegExp) => void
  readonly consoleGuard: ConsoleGuard
}

export const test = base.extend<Options & Fixtures>({
  seeded: [false, { option: true }],
  smtpUrl: [undefined, { option: true }],
  unica: async ({ smtpUrl }, use) => {
    const unica = await startUnica({ rateLimitMax: 100_000, smtpUrl })
    try {
      // Staff registration is an operator's act, not a user's: the devnet's first test account.
      const staff = accountNamed(unica.devnet!, STAFF)
      await registerStaff(unica.database, staff)
      await use(unica)
    } finally {
      await unica.stop()
    }
  },
  // Automatic, so the seed is in place before the test's page opens.
  seed: [
    async ({ seeded, unica }, use) => {
      await use(
        seeded
          ? await seedDemo({
              url: unica.url,
              devnet: unica.devnet!,
              chain: unica.chain,
              database: unica.database,
            })
          : null,
      )
    },
    { auto: true },
  ],
  devnet: async ({ unica }, use) => {
    await use(unica.devnet!)
  },
  // Automatic, and before any context: every context the test opens (its page's, and those of
  // browser.newPage/newContext) is watched from its first page on.
  consoleGuard: [
    async ({ browser }, use) => {
      const guard = guardConsole(browser)
      try {
        await use(guard)
      } finally {
        guard.stop()
      }
      guard.check()
    },
    { auto: true },
  ],
  context: async ({ context, consoleGuard }, use) => {
    consoleGuard.watch(context)
    await use(context)
  },
  allowConsole: async ({ consoleGuard }, use) => {
    await use((pattern) => {
      consoleGuard.allow(pattern)
    })
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
