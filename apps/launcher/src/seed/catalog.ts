/**
 * The demo's pieces and what happens to each on the first start: enough variety that every list
 * and every button of the app has something to show (listed, with bids, unlisted, sold), on both
 * manager versions: v1 pieces (no royalty), v2 ones with royalties and splits, one of them
 * resold by a collector (the resale pays the royalty), and v3 ones at auction (one with a bid).
 * Prices and bids are whole USDC (the seed converts them to base units).
 */
import type { Artwork } from './images.js'

/** Collectors by their devnet genesis names: the test wallets after the staff member's. */
export type Collector = 'Wallet3' | 'Wallet4' | 'Wallet5' | 'Wallet6'

/** A royalty recipient: the staff creator or a collaborator, and its share in basis points. */
interface DemoRecipient {
  readonly who: 'staff' | Collector
  readonly share: number
}

export interface DemoPiece {
  readonly name: string
  readonly unitName: string
  readonly description: string
  readonly art: Artwork
  /** The staff creator's asking price, if listed. */
  readonly price?: number
  /** Bids in order. */
  readonly bids?: readonly { readonly from: Collector; readonly usdc: number }[]
  /**
   * Bought at the asking price by this collector, who may list it again; `resoldTo` then buys it
   * at that price (a resale by a non-creator: on v2 it pays the royalty).
   */
  readonly boughtBy?: {
    readonly collector: Collector
    readonly relistAt?: number
    readonly resoldTo?: Collector
  }
  /** The manager version (docs/product.md §3); the current one (3) when unset. */
  readonly version?: 1 | 2 | 3
  /**
   * v3: a timed reserve auction the creator starts from the wallet (reserve in whole USDC, length
   * in hours, minimum raise in percent), with a first bid or none (the clock then waits for it).
   */
  readonly auction?: {
    readonly reserve: number
    readonly hours: number
    readonly raisePercent: number
    readonly bid?: { readonly from: Collector; readonly usdc: number }
  }
  /** v2: the creator royalty's split (none when unset). */
  readonly royalty?: readonly DemoRecipient[]
}

export const DEMO_PIECES: readonly DemoPiece[] = [
  {
    name: 'Harbour at Blue Hour',
    unitName: 'UNI',
    description: 'Concentric tides of light over a sleeping harbour.',
    art: { palette: ['#0b1d3a', '#3a86ff', '#8ecae6', '#ffd166'], motif: 'orbits', seed: 11 },
    price: 120,
    bids: [
      { from: 'Wallet3', usdc: 80 },
      { from: 'Wallet4', usdc: 95 },
    ],
    version: 1,
  },
  {
    name: 'Saffron Field',
    unitName: 'UNI',
    description: 'Late summer wind combing a field of saffron.',
    art: { palette: ['#3d1f00', '#f4a261', '#e9c46a', '#e76f51'], motif: 'waves', seed: 23 },
    price: 75,
    version: 1,
  },
  {
    name: 'Night Garden',
    unitName: 'UNI',
    description: 'Petals that only open after midnight.',
    art: { palette: ['#10002b', '#c77dff', '#e0aaff', '#72efdd'], motif: 'petals', seed: 37 },
    price: 250,
    bids: [{ from: 'Wallet5', usdc: 60 }],
    version: 1,
  },
  {
    name: 'Tidal Study No. 4',
    unitName: 'UNI',
    description: 'A study of water remembering the moon. Not for sale, open to offers.',
    art: { palette: ['#002626', '#0e7c7b', '#17bebb', '#d4f4dd'], motif: 'waves', seed: 41 },
    bids: [{ from: 'Wallet3', usdc: 40 }],
    version: 2,
  },
  {
    name: 'Copper Sun',
    unitName: 'UNI',
    description: 'A sun hammered out of copper sheets, still warm.',
    art: { palette: ['#2b0f0e', '#e85d04', '#faa307', '#ffba08'], motif: 'orbits', seed: 53 },
    price: 90,
    boughtBy: { collector: 'Wallet4', relistAt: 150 },
    royalty: [
      { who: 'staff', share: 700 },
      { who: 'Wallet6', share: 300 },
    ],
    version: 2,
  },
  {
    name: 'Lichen',
    unitName: 'UNI',
    description: 'Slow colonies of colour on a granite grid.',
    art: { palette: ['#1b2d1b', '#6a994e', '#a7c957', '#f2e8cf'], motif: 'grid', seed: 67 },
    price: 45,
    royalty: [{ who: 'staff', share: 500 }],
    version: 2,
  },
  {
    name: 'Quiet Orbit',
    unitName: 'UNI',
    description: 'Two bodies that never quite meet.',
    art: { palette: ['#14110f', '#7e7f9a', '#97a7b3', '#eae8ff'], motif: 'orbits', seed: 71 },
    bids: [{ from: 'Wallet6', usdc: 30 }],
    royalty: [
      { who: 'staff', share: 400 },
      { who: 'Wallet3', share: 200 },
    ],
    version: 2,
  },
  {
    name: 'Meridian',
    unitName: 'UNI',
    description: 'Noon, drawn as a grid of shadows.',
    art: { palette: ['#22223b', '#4a4e69', '#9a8c98', '#f2e9e4'], motif: 'grid', seed: 89 },
    version: 2,
  },
  {
    name: 'Rose Compass',
    unitName: 'UNI',
    description: 'Every direction, in bloom.',
    art: { palette: ['#3c096c', '#ff006e', '#fb5607', '#ffbe0b'], motif: 'petals', seed: 97 },
    price: 180,
    bids: [
      { from: 'Wallet5', usdc: 110 },
      { from: 'Wallet6', usdc: 125 },
    ],
    royalty: [
      { who: 'staff', share: 800 },
      { who: 'Wallet5', share: 200 },
    ],
    version: 2,
  },
  {
    name: 'Ember Tide',
    unitName: 'UNI',
    description: 'Embers drifting out to sea, sold on by its first collector.',
    art: { palette: ['#1a0500', '#9d0208', '#f48c06', '#ffe8d6'], motif: 'waves', seed: 103 },
    price: 200,
    boughtBy: { collector: 'Wallet3', relistAt: 300, resoldTo: 'Wallet5' },
    royalty: [
      { who: 'staff', share: 600 },
      { who: 'Wallet6', share: 400 },
    ],
    version: 2,
  },
  {
    name: 'Slow Comet',
    unitName: 'UNI',
    description: 'A comet that takes a week to cross the frame. At auction, with a first bid.',
    art: { palette: ['#03071e', '#370617', '#dc2f02', '#ffba08'], motif: 'orbits', seed: 109 },
    auction: { reserve: 50, hours: 168, raisePercent: 5, bid: { from: 'Wallet4', usdc: 55 } },
    royalty: [{ who: 'staff', share: 500 }],
  },
  {
    name: 'Low Tide Atlas',
    unitName: 'UNI',
    description: 'Maps of what the sea leaves behind. At auction, waiting for a first bid.',
    art: { palette: ['#001219', '#005f73', '#94d2bd', '#e9d8a6'], motif: 'grid', seed: 113 },
    auction: { reserve: 30, hours: 24, raisePercent: 10 },
  },
]
