/**
 * The auction countdown on cards and on the details page, by the chain's clock (chain-clock.ts),
 * not the viewer's. It redraws every second from one shared timer (a page of cards runs one
 * interval, not one each). The seconds are hidden from assistive
 * technology: screen readers get a text to the minute, and nothing is announced as it changes
 * (role="timer" is not live), so a reader is not interrupted every second.
 */
import { useSyncExternalStore } from 'react'
import { useChainOffset } from './chain-clock.js'
import {
  auctionPhase,
  phaseLabel,
  phaseText,
  type AuctionPhase,
  type AuctionView,
} from './auction.js'

const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | null = null

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  timer ??= setInterval(() => {
    for (const l of listeners) l()
  }, 1000)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer)
      timer = null
    }
  }
}

/** The viewer's time, to the second, updated every second while a component uses it. */
function useNow(): number {
  return useSyncExternalStore(subscribe, () => Math.floor(Date.now() / 1000) * 1000)
}

/** The chain's time (chain-clock.ts), to the second, updated every second. */
function useChainNow(): number {
  return useNow() + Math.round(useChainOffset() / 1000) * 1000
}

/** The auction's phase now by the chain's clock, redrawn every second. */
export function useAuctionPhase(auction: AuctionView): AuctionPhase {
  return auctionPhase(auction, useChainNow())
}

const TONE: Record<AuctionPhase['kind'], string> = {
  'no-bids': 'bg-slate-100 text-slate-700',
  running: 'bg-indigo-50 text-indigo-800',
  ended: 'bg-amber-100 text-amber-900',
}

export function Countdown({
  auction,
  className = '',
}: {
  auction: AuctionView
  className?: string
}) {
  const phase = useAuctionPhase(auction)
  return (
    <span
      role="timer"
      aria-live="off"
      className={`inline-block rounded px-1.5 py-0.5 text-sm font-medium ${TONE[phase.kind]} ${className}`}
    >
      <span aria-hidden="true" className="tabular-nums">
        {phaseText(phase)}
      </span>
      <span className="sr-only">{phaseLabel(phase)}</span>
    </span>
  )
}
