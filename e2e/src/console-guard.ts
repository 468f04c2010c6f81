/**
 * Console hygiene for every browser test: a console error or warning, or an uncaught exception,
 * on any page is a defect (a React warning, a failed fetch, a 404, a CSP violation). The guard
 * watches every context the test opens and, at the end, fails the test with every message that no
 * `allow` pattern of that test matches.
 */
import type { Browser, BrowserContext, ConsoleMessage, Page } from '@playwright/test'

export interface ConsoleGuard {
  /** Watches a context that already exists (the test's own). */
  watch(context: BrowserContext): void
  /** Accepts messages matching `pattern` for this test only. */
  allow(pattern: RegExp): void
  /** Stops watching new contexts. */
  stop(): void
  /** Throws with every message no pattern allows. */
  check(): void
}

function describe(message: ConsoleMessage, page: Page): string {
  const { url, lineNumber } = message.location()
  const where = url === '' ? page.url() : `${url}:${String(lineNumber)}`
  return `[${message.type()}] ${message.text()} (at ${where})`
}

export function guardConsole(browser: Browser): ConsoleGuard {
  const seen: string[] = []
  const allowed: RegExp[] = []
  const watched = new WeakSet<BrowserContext>()
  const watchPage = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        seen.push(describe(message, page))
      }
    })
    page.on('pageerror', (error) => {
      seen.push(`[pageerror] ${error.message} (at ${page.url()})`)
    })
  }
  const watch = (context: BrowserContext) => {
    if (watched.has(context)) return
    watched.add(context)
    context.pages().forEach(watchPage)
    context.on('page', watchPage)
  }
  // browser.newPage goes through newContext too: one wrapper sees every context of the test.
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (...args) => {
    const context = await newContext(...args)
    watch(context)
    return context
  }
  return {
    watch,
    allow(pattern) {
      allowed.push(pattern)
    },
    stop() {
      browser.newContext = newContext
    },
    check() {
      const unexpected = seen.filter((line) => !allowed.some((p) => p.test(line)))
      if (unexpected.length > 0) {
        throw new Error(
          `The browser's console showed ${String(unexpected.length)} error(s) or warning(s):\n` +
            unexpected.join('\n'),
        )
      }
    },
  }
}
