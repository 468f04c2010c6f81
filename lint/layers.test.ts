/**
 * The layer table is enforced: the repository's real ESLint config, run through ESLint's Node API
 * on small snippets placed (in memory) in each workspace, reports the imports docs/architecture.md
 * §3 forbids and accepts the ones it allows.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, ruleMessages } from './snippet-lint.js'

/** The `unica/layers` messages for `code` as the file `path` (relative to the root). */
const layerErrors = (path: string, code: string): Promise<string[]> =>
  ruleMessages(join(ROOT, path), code, new Set(['unica/layers']))

const FORBIDDEN: [file: string, code: string, message: RegExp][] = [
  ['apps/web/src/x.ts', "import { startDevnet } from '@unica/devnet'", /only in tests/],
  ['apps/web/src/x.ts', "export { assemble } from '@unica/avm'", /only in tests/],
  ['apps/server/src/x.ts', "import '@unica/devnet'", /only in tests/],
  ['apps/server/src/x.ts', "const m = await import('@unica/avm')", /only in tests/],
  ['apps/server/src/x.ts', "import { a } from '@unica/web'", /may not import '@unica\/web'/],
  ['apps/launcher/src/x.ts', "import { assemble } from '@unica/avm'", /only in tests/],
  ['packages/avm/src/x.ts', "import { startDevnet } from '@unica/devnet'", /may not import/],
  ['packages/avm/test/x.ts', "import { a } from '@unica/contracts'", /may not import/],
  ['packages/devnet/src/x.ts', "import { a } from '@unica/contracts'", /may not import/],
  ['packages/contracts/src/x.ts', "import { startDevnet } from '@unica/devnet'", /only in tests/],
  ['packages/contracts/src/x.ts', "import { assemble } from '@unica/avm'", /only in tests/],
  ['packages/schemas/src/x.ts', "import { a } from '@unica/contracts'", /may not import/],
  ['apps/web/src/x.ts', "import { a } from '@unica/nowhere'", /not a workspace/],
  ['apps/web/src/x.test.ts', "import { a } from '@unica/avm/src/index.js'", /not an entry/],
  [
    'apps/server/test/x.ts',
    "import { Harness } from '../../../packages/contracts/test/harness.js'",
    /reaches into packages\/contracts/,
  ],
  ['packages/devnet/src/x.ts', "import { run } from '../../avm/src/index.js'", /reaches into/],
]

const ALLOWED: [file: string, code: string][] = [
  ['apps/web/src/x.ts', "import { MESSAGES } from '@unica/schemas'"],
  ['apps/web/src/x.ts', "import { buildBid } from '@unica/contracts'"],
  ['apps/web/src/x.test.ts', "import { startDevnet } from '@unica/devnet'"],
  ['apps/server/test/x.ts', "import { startDevnet } from '@unica/devnet'"],
  ['apps/server/src/x.ts', "import { buildBid } from '@unica/contracts'"],
  ['apps/launcher/src/x.ts', "import { startDevnet } from '@unica/devnet'"],
  ['packages/devnet/src/x.ts', "import { assemble } from '@unica/avm'"],
  ['packages/contracts/test/x.ts', "import { startDevnet } from '@unica/devnet'"],
  ['packages/contracts/scripts/x.ts', "import { assemble } from '@unica/avm'"],
  ['packages/devnet/src/x.test.ts', "import { FakeLedger } from '@unica/avm/testing'"],
  ['packages/avm/src/eval/x.test.ts', "import { run } from '../../test/helpers.js'"],
  ['e2e/src/x.ts', "import { startUnica } from '@unica/launcher'"],
  ['bench/x.ts', "import { assemble } from '@unica/avm'"],
]

describe('the layer table (unica/layers)', () => {
  it.each(FORBIDDEN)('reports %s: %s', async (file, code, message) => {
    const errors = await layerErrors(file, code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(message)
  })

  it.each(ALLOWED)('accepts %s: %s', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([])
  })
})
