/** A page's console warnings and errors, and uncaught exceptions: each a defect of the app. */
import type { Page } from '@playwright/test'

/**
 * Not the app's: this Chromium warns of a Permissions-Policy feature it does not know
 * (apps/server/src/http/browser-policy.ts names `bluetooth`, which other browsers honour).
 */
const BROWSER_NOISE = [/^Error with Permissions-Policy header: Unrecognized feature/]

/** Starts collecting; the array fills as the page runs. */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (m) => {
    const text = m.text()
    if (
      (m.type() === 'error' || m.type() === 'warning') &&
      !BROWSER_NOISE.some((n) => n.test(text))
    )
      problems.push(text)
  })
  page.on('pageerror', (e) => problems.push(e.message))
  return problems
}
