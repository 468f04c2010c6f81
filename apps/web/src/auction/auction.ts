/**
 * A timed reserve auction as the screens see it (docs/product.md §2, "Auctions"): the API's
 * `Asset.auction` (amounts as decimal strings of USDC base units, the end as ISO time, null until
 * the first bid starts the clock), and the phase the clock puts it in. Pure: the clock is passed in.
 */
import type { Asset, Auction } from '@unica/schemas'

/** `Asset.auction` of the API (the pinned manager v3 interface). */
export type AuctionView = Auction

/** The auction of an asset, or null when none runs (older servers send no field). */
export function auctionOf(asset: Asset): AuctionView | null {
  return asset.auction ?? null
}

export type AuctionPhase =
  /** No bid yet: the reserve is not met and the clock has not started. */
  | { readonly kind: 'no-bids' }
  /** Bids are open until `end`; `remaining` in whole seconds (> 0). */
  | { readonly kind: 'running'; readonly end: Date; readonly remaining: number }
  /** The end has passed (by the viewer's clock or the server's word): anyone may settle. */
  | { readonly kind: 'ended'; readonly end: Date }

export function auctionPhase(a: AuctionView, nowMs: number): AuctionPhase {
  if (a.end === null) return { kind: 'no-bids' }
  const end = new Date(a.end)
  const remaining = Math.ceil((end.getTime() - nowMs) / 1000)
  // The server's "ended" wins over a viewer's clock running slow; a fast clock ends it early only
  // on this screen (the chain refuses a settle before the block time reaches the end).
  if (a.status === 'ended' || !(remaining > 0)) return { kind: 'ended', end }
  return { kind: 'running', end, remaining }
}

/** Seconds as the countdown shows them: "2d 03:04:05", "03:04:05" under a day, "04:05" under an hour. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const days = Math.floor(s / 86_400)
  const pad = (n: number) => n.toString().padStart(2, '0')
  const hms = [Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60), s % 60]
  const time = days === 0 && hms[0] === 0 ? `${pad(hms[1])}:${pad(hms[2])}` : hms.map(pad).join(':')
  return days > 0 ? `${days}d ${time}` : time
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/**
 * The remaining time in words, to the minute, for screen readers (which should not hear every
 * second): "2 days 3 hours", "3 hours 4 minutes", "4 minutes", "less than a minute".
 */
export function remainingWords(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  if (s < 60) return 'less than a minute'
  const days = Math.floor(s / 86_400)
  const hours = Math.floor((s % 86_400) / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  if (days > 0)
    return [plural(days, 'day'), hours > 0 ? plural(hours, 'hour') : ''].join(' ').trim()
  if (hours > 0) {
    return [plural(hours, 'hour'), minutes > 0 ? plural(minutes, 'minute') : ''].join(' ').trim()
  }
  return plural(minutes, 'minute')
}

/** The status line of a card or the details page for a phase. */
export function phaseText(phase: AuctionPhase): string {
  switch (phase.kind) {
    case 'no-bids':
      return 'Reserve not met · No bids yet - clock starts at first bid'
    case 'running':
      return `Ends in ${clockText(phase.remaining)}`
    case 'ended':
      return 'Ended - awaiting settlement'
  }
}

/** The same, for assistive technology: minutes, not seconds. */
export function phaseLabel(phase: AuctionPhase): string {
  return phase.kind === 'running'
    ? `Auction ends in ${remainingWords(phase.remaining)}`
    : `Auction: ${phaseText(phase)}`
}

/** A duration in seconds as the dialog and the facts name it: "24 hours", "3 days", "90 minutes". */
export function durationText(seconds: number): string {
  if (seconds % 86_400 === 0) return plural(seconds / 86_400, 'day')
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour')
  return plural(Math.round(seconds / 60), 'minute')
}
