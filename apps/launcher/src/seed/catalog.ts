/**
 * The demo's pieces and what happens to each on the first start: enough variety that every list
 * and every button of the app has something to show (listed, with bids, unlisted, sold).
 * Prices and bids are whole USDC (the seed converts them to base units).
 */
import type { Artwork } from './images.js'

/** Collectors by their devnet genesis names: the test wallets after the staff member's. */
export type Collector = 'Wallet3' | 'Wallet4' | 'Wallet5' | 'Wallet6'

export interface DemoPiece {
  readonly name: string
  readonly unitName: string
  readonly description: string
  readonly art: Artwork
  /** The staff creator's asking price, if listed. */
  readonly price?: number
  /** Bids in order. */
  readonly bids?: readonly { readonly from: Collector; readonly usdc: number }[]
  /** Bought at the asking price by this collector, who may list it again. */
  readonly boughtBy?: { readonly collector: Collector; readonly relistAt?: number }
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
  },
  {
    name: 'Saffron Field',
    unitName: 'UNI',
    description: 'Late summer wind combing a field of saffron.',
    art: { palette: ['#3d1f00', '#f4a261', '#e9c46a', '#e76f51'], motif: 'waves', seed: 23 },
    price: 75,
  },
  {
    name: 'Night Garden',
    unitName: 'UNI',
    description: 'Petals that only open after midnight.',
    art: { palette: ['#10002b', '#c77dff', '#e0aaff', '#72efdd'], motif: 'petals', seed: 37 },
    price: 250,
    bids: [{ from: 'Wallet5', usdc: 60 }],
  },
  {
    name: 'Tidal Study No. 4',
    unitName: 'UNI',
    description: 'A study of water remembering the moon. Not for sale, open to offers.',
    art: { palette: ['#002626', '#0e7c7b', '#17bebb', '#d4f4dd'], motif: 'waves', seed: 41 },
    bids: [{ from: 'Wallet3', usdc: 40 }],
  },
  {
    name: 'Copper Sun',
    unitName: 'UNI',
    description: 'A sun hammered out of copper sheets, still warm.',
    art: { palette: ['#2b0f0e', '#e85d04', '#faa307', '#ffba08'], motif: 'orbits', seed: 53 },
    price: 90,
    boughtBy: { collector: 'Wallet4', relistAt: 150 },
  },
  {
    name: 'Lichen',
    unitName: 'UNI',
    description: 'Slow colonies of colour on a granite grid.',
    art: { palette: ['#1b2d1b', '#6a994e', '#a7c957', '#f2e8cf'], motif: 'grid', seed: 67 },
    price: 45,
  },
  {
    name: 'Quiet Orbit',
    unitName: 'UNI',
    description: 'Two bodies that never quite meet.',
    art: { palette: ['#14110f', '#7e7f9a', '#97a7b3', '#eae8ff'], motif: 'orbits', seed: 71 },
    bids: [{ from: 'Wallet6', usdc: 30 }],
  },
  {
    name: 'Meridian',
    unitName: 'UNI',
    description: 'Noon, drawn as a grid of shadows.',
    art: { palette: ['#22223b', '#4a4e69', '#9a8c98', '#f2e9e4'], motif: 'grid', seed: 89 },
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
  },
]
