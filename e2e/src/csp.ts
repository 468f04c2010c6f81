/**
 * Watching a page for Content-Security-Policy violations and for script that should never run:
 * every `securitypolicyviolation` event any document of the page fires (reported to the test
 * through an exposed function, so nothing is lost across navigations), the console's
 * "Refused to …" reports, and any alert/confirm/prompt dialog.
 */
import type { Page } from '@playwright/test'

export interface Watch {
  /** Violations and refusals reported so far. */
  readonly violations: string[]
  /** Dialogs (alert, confirm, prompt) that some script opened. */
  readonly dialogs: string[]
}

/** Runs in every document before its own scripts (a string: this package has no DOM types). */
const REPORTER = `
document.addEventListener('securitypolicyviolation', (e) => {
  window.__reportCsp(e.violatedDirective + ' blocked ' + e.blockedURI + ' at ' + e.sourceFile +
    ':' + e.lineNumber + ' (' + location.pathname + ')')
})`

export async function watchPage(page: Page): Promise<Watch> {
  const violations: string[] = []
  const dialogs: string[] = []
  await page.exposeFunction('__reportCsp', (report: string) => {
    violations.push(report)
  })
  await page.addInitScript({ content: REPORTER })
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) {
      violations.push(`console: ${message.text()}`)
    }
  })
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  return { violations, dialogs }
}
