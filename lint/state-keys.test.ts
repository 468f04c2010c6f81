/**
 * `unica-state/keys` (lint/state-keys.js) with the repository's real ESLint config: it reports a
 * state key or a hand decoding in product code outside @unica/contracts, and passes look-alikes,
 * the contracts package and tests. Its key lists are the contracts' description of every
 * version's state. `npm run lint` applies it to every product file (none breaks it).
 */
import { CONTRACT_VERSIONS, protocol } from '@unica/contracts'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, ruleMessages } from './snippet-lint.js'
import { LETTER_KEYS, NAMED_KEYS, SLOT_PREFIXES } from './state-keys.js'

const keyErrors = (path: string, code: string): Promise<string[]> =>
  ruleMessages(join(ROOT, path), code, new Set(['unica-state/keys']))

const FORBIDDEN: [file: string, code: string][] = [
  ['apps/server/src/x.ts', "export const end = (d: Map<string, bigint>) => d.get('AE')"],
  ['apps/server/src/x.ts', "export const a = (d: Map<string, bigint>) => d.get('A')"],
  ['apps/server/src/x.ts', "export const o = (d: Map<string, bigint>) => d.has('O')"],
  ['apps/server/src/x.ts', "export const slots = ['R0', 'R1', 'R2', 'R3']"],
  ['apps/server/src/x.ts', 'export const held = (i: number) => `H${String(i)}`'],
  [
    'apps/server/src/x.ts',
    "export const KEYS = ['AR', 'AD', 'AP', 'AM', 'AE', 'AV', 'AH'] as const",
  ],
  [
    'apps/web/src/chain/x.ts',
    "import algosdk from 'algosdk'\nexport const bid = (v: Uint8Array) => algosdk.decodeUint64(v, 'bigint')",
  ],
  [
    'apps/web/src/x.tsx',
    "import { decodeUint64 } from 'algosdk'\nexport const n = (v: Uint8Array) => decodeUint64(v)",
  ],
]

const ALLOWED: [file: string, code: string][] = [
  ['apps/server/src/x.ts', "export const ready = (s: string) => s === 'RD' || s === 'DC'"],
  ['apps/server/src/x.ts', "export const op = (t: string) => t === 'AUCTION_BID' || t === 'ASK'"],
  ['apps/server/src/x.ts', "export const w = (f: (w: 'A' | 'AB') => string) => f('A')"],
  ['apps/web/src/x.ts', "export const nft = { unitName: 'U', assetName: 'N' }"],
  ['apps/web/src/x.ts', "export const q = (p: URLSearchParams) => p.get('page')"],
  ['apps/web/src/x.ts', "export type Key = 'AD' | 'AP'"],
  ['packages/contracts/src/x.ts', "export const end = (d: Map<string, bigint>) => d.get('AE')"],
  ['apps/server/src/x.test.ts', "export const end = (d: Map<string, bigint>) => d.get('AE')"],
  ['apps/server/test/x.ts', 'export const slot = (i: number) => `R${String(i)}`'],
]

describe('unica-state/keys', () => {
  it.each(FORBIDDEN)('reports %s: %s', async (file, code) => {
    expect(await keyErrors(file, code)).not.toEqual([])
  })

  it.each(ALLOWED)('accepts %s: %s', async (file, code) => {
    expect(await keyErrors(file, code)).toEqual([])
  })

  it("knows exactly the keys of the contracts' description", () => {
    const keys = new Set(
      CONTRACT_VERSIONS.flatMap((v) => protocol(v).state.global.map((k) => k.key)),
    )
    const slot = new RegExp(`^(${SLOT_PREFIXES.join('|')})\\d$`)
    expect([...keys].filter((k) => k.length === 1).sort()).toEqual([...LETTER_KEYS].sort())
    expect([...keys].filter((k) => k.length > 1).sort()).toEqual([...NAMED_KEYS].sort())
    expect([...keys].filter((k) => slot.test(k))).toHaveLength(8)
    // The local key is one of the letters.
    const local = CONTRACT_VERSIONS.flatMap((v) => protocol(v).state.local.map((k) => k.key))
    expect(local.every((k) => LETTER_KEYS.includes(k))).toBe(true)
  })
})
