/**
 * The second-browser latency of issue 16 ("from a buy-now's confirmation on the devnet to the
 * change shown in a second browser"): when the buy's block commits on the test's own devnet (it
 * runs in this process), and when the other browser's page shows the new owner and its bell
 * counts the notification. Every time is the machine's wall clock in milliseconds (Date.now() in
 * Node and in Chromium, one clock). The figure is recorded for `npm run bench -- live`, never
 * asserted: speed targets live in benchmarks, not in tests.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import type { Page } from '@playwright/test'
import type { Devnet } from '@unica/devnet'
import { ARTIFACTS } from './fixtures.js'

/** What `npm run bench -- live` reads (bench/live.ts). */
export const LIVE_LATENCY_FILE = join(ARTIFACTS, 'live-latency.json')

/** When each block committed from now on, by its transaction ids. */
export function blockClock(devnet: Devnet): {
  committedAt(txid: string): number | undefined
  stop(): void
} {
  const at = new Map<string, number>()
  const stop = devnet.chain.onBlock((block) => {
    const now = Date.now()
    for (const txid of block.txids) at.set(txid, now)
  })
  return { committedAt: (txid) => at.get(txid), stop }
}

/** The little of the DOM these page scripts use (this package compiles without the DOM library). */
interface Element {
  readonly textContent: string | null
  readonly nextElementSibling: Element | null
  getAttribute(name: string): string | null
  querySelector(selectors: string): Element | null
  querySelectorAll(selectors: string): Iterable<Element>
}
interface Browser {
  readonly document: Element & { readonly body: Element }
  readonly MutationObserver: new (callback: () => void) => {
    observe(target: Element, options: Record<string, unknown>): void
  }
}

interface Seen {
  /** When the asset's Owner fact first read `owner`. */
  owner?: number
  /** When the bell's unread count first rose above what it was. */
  bell?: number
  /** When a status (an alert) with the watched text first showed. */
  status?: number
}

/** Marks, in the page, the moment a status element first shows `text` (the trade's alert). */
export async function watchStatus(page: Page, text: string): Promise<void> {
  await page.evaluate((text) => {
    const { document, MutationObserver } = globalThis as unknown as Browser
    const seen: Seen = {}
    ;(globalThis as { liveSeen?: Seen }).liveSeen = seen
    new MutationObserver(() => {
      const shown = [...document.querySelectorAll('[role="status"]')].some(
        (e) => e.textContent?.includes(text) === true,
      )
      if (seen.status === undefined && shown) seen.status = Date.now()
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  }, text)
}

/**
 * Marks, in the page, the moment its DOM first shows `owner` as the asset's Owner and the moment
 * the bell's unread count rises above `unread` (a MutationObserver: the time React commits the
 * change, not when a test's poll next looks).
 */
export async function watchOwnerAndBell(page: Page, owner: string, unread: number): Promise<void> {
  await page.evaluate(
    ({ owner, unread }) => {
      const { document, MutationObserver } = globalThis as unknown as Browser
      const seen: Seen = {}
      ;(globalThis as { liveSeen?: Seen }).liveSeen = seen
      const check = (): void => {
        const now = Date.now()
        const term = [...(document.querySelector('dl')?.querySelectorAll('dt') ?? [])].find(
          (dt) => dt.textContent?.trim() === 'Owner',
        )
        if (seen.owner === undefined && term?.nextElementSibling?.textContent?.trim() === owner) {
          seen.owner = now
        }
        const bell = document.querySelector('header button[aria-label^="Notifications, "]')
        const count = Number(/(\d+) unread/.exec(bell?.getAttribute('aria-label') ?? '')?.[1])
        if (seen.bell === undefined && count > unread) seen.bell = now
      }
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['aria-label'],
      })
      check()
    },
    { owner, unread },
  )
}

export async function seenIn(page: Page): Promise<Seen> {
  return page.evaluate(() => (globalThis as { liveSeen?: Seen }).liveSeen ?? {})
}

export interface LiveLatency {
  /** The buy's block committed -> the second browser shows the new owner. */
  readonly ms: number
  /** The buy's block committed -> its bell counts the sale's notification. */
  readonly notificationMs: number
  /** The buy's block committed -> the buyer's own success alert (for comparison). */
  readonly buyerAlertMs: number
  readonly from: string
  readonly to: string
  readonly measuredAt: string
  /** The machine's 1-minute load average then (these machines are shared). */
  readonly load: number
}

export function recordLiveLatency(figure: Omit<LiveLatency, 'measuredAt' | 'load'>): void {
  const recorded: LiveLatency = {
    ...figure,
    measuredAt: new Date().toISOString(),
    load: Number(loadavg()[0].toFixed(1)),
  }
  mkdirSync(dirname(LIVE_LATENCY_FILE), { recursive: true })
  writeFileSync(LIVE_LATENCY_FILE, `${JSON.stringify(recorded, null, 2)}\n`)
}
