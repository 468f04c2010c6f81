/**
 * The web app's rooms are enforced (lint/web-rooms.js): the repository's real ESLint config, run on
 * small snippets placed (in memory) in apps/web/src, reports a shared module importing a feature,
 * a feature importing another one (statically, by re-export or by import()) or the composition
 * root, and accepts what the rooms allow. And the table matches the folders on disk.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, ruleMessages } from './snippet-lint.js'

const SRC = join(ROOT, 'apps/web/src')

const RULES = new Set(['no-restricted-imports', 'no-restricted-syntax'])

/** The rooms' messages for `code` as the file `path` (relative to apps/web/src). */
const roomErrors = (path: string, code: string): Promise<string[]> =>
  ruleMessages(join(SRC, path), code, RULES)

const FORBIDDEN: [file: string, code: string, message: RegExp][] = [
  [
    'common/components/x.tsx',
    "import { WatchButton } from '../../personal/watch-button.js'",
    /Shared web code imports no feature/,
  ],
  ['common/state/x.ts', "export { planBid } from '../../trade/plan.js'", /Shared web code/],
  ['common/lib/x.ts', "export const f = () => import('../../discovery/pages.js')", /Shared/],
  ['common/x.ts', "import { routes } from '../app.js'", /Shared web code/],
  ['trade/x.ts', "import { auctionOf } from '../auction/auction.js'", /The trade feature/],
  ['auction/x.ts', "import type { Plan } from '../trade/plan.js'", /The auction feature/],
  ['discovery/x.ts', "export * from '../personal/queries.js'", /The discovery feature/],
  ['console/x.ts', "const p = import('../create/add-nft.js')", /The console feature/],
  ['rescue/x.ts', "import { App } from '../app.js'", /The rescue feature/],
  ['personal/deeper/x.ts', "import { x } from '../../piece/asset-details.js'", /personal feature/],
  ['create/x.ts', "import { paths } from '../piece/x.js'", /The create feature/],
]

const ALLOWED: [file: string, code: string][] = [
  ['common/components/x.tsx', "import { Modal } from './modal.js'"],
  ['common/components/x.tsx', "import { paths } from '../routing/paths.js'"],
  ['common/market/x.ts', "import { showError } from '../state/session.js'"],
  ['trade/x.ts', "import { plan } from '../common/market/plan.js'"],
  ['trade/x.ts', "import { TRADE_MESSAGES } from './validation.js'"],
  ['discovery/x.ts', "const chart = import('./price-chart.js')"],
  ['piece/x.tsx', "import { TradeModal } from '../trade/trade-modal.js'"],
  ['piece/x.tsx', "import { WatchButton } from '../personal/watch-button.js'"],
  ['app.tsx', "import { SearchBox } from './discovery/search-box.js'"],
  ['test/x.tsx', "import { App } from '../app.js'"],
]

describe('the web rooms (lint/web-rooms.js)', () => {
  it.each(FORBIDDEN)('reports %s: %s', async (file, code, message) => {
    const errors = await roomErrors(file, code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(message)
  })

  it.each(ALLOWED)('accepts %s: %s', async (file, code) => {
    expect(await roomErrors(file, code)).toEqual([])
  })

  it('knows every folder of apps/web/src, one direction at most between two features', async () => {
    const folders = (dir: string) =>
      readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    // test/: the component tests' harness, which renders the whole app; not a room.
    const features = folders(SRC).filter((f) => f !== 'common' && f !== 'test')
    expect(features.length).toBeGreaterThanOrEqual(7)
    // Shared code reaches none of them, so each is known to the rule as a feature.
    for (const f of features)
      expect(await roomErrors('common/x.ts', `import { x } from '../${f}/x.js'`)).toHaveLength(1)
    // The rule tells rooms by name: a shared folder named like a feature would be mistaken for it.
    for (const name of folders(join(SRC, 'common'))) expect(features).not.toContain(name)
    for (const a of features) {
      for (const b of features) {
        if (a >= b) continue
        const aToB = await roomErrors(`${a}/x.ts`, `import { x } from '../${b}/x.js'`)
        const bToA = await roomErrors(`${b}/x.ts`, `import { x } from '../${a}/x.js'`)
        expect(aToB.length + bToA.length, `${a} and ${b}`).toBeGreaterThanOrEqual(1)
      }
    }
  })
})
