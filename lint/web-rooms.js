/**
 * The web app's rooms (apps/web/README.md "Rooms") as ESLint config blocks: a folder per feature
 * under apps/web/src/, one shared folder (`src/common/`) that imports no feature, and app.tsx /
 * main.tsx as the one place that composes features. Without it any screen could import any other
 * and the shared shell would grow feature imports again (issue 30 counted them).
 *
 * Each room gets `no-restricted-imports` (static imports and re-exports) and `no-restricted-syntax`
 * (dynamic `import()`, which the first does not see) with the rooms it may not reach. Relative
 * specifiers are matched by the exact number of `../` that leads from a file's folder back to
 * `src/`, so one block is made per room and folder depth; a `src/common/` subfolder may therefore
 * not be named like a feature (`lint/web-rooms.test.ts` checks that too).
 *
 * Web files get no other `no-restricted-imports` or `no-restricted-syntax` block: in flat config the
 * last block setting a rule for a file wins, so a second one would silently replace these.
 */

/** The feature rooms: each holds its pages, components and queries. */
const WEB_FEATURES = [
  'trade',
  'auction',
  'discovery',
  'personal',
  'console',
  'create',
  'rescue',
  'piece',
]

/**
 * The one-direction exceptions: a feature that builds on others. The piece's page (`src/piece/`)
 * shows one piece with what the other features do to it: the trades and their buttons, the
 * auction's panel and dialogs, the watchlist's heart, the price history. None of them imports it.
 */
const BUILDS_ON = {
  piece: ['trade', 'auction', 'personal', 'discovery'],
}

/**
 * The folder every feature may use, which uses none. Not named "shared": lint/citations.test.ts
 * takes an import from a parent's "shared" folder for a citation of the old documents that lived
 * outside the repository.
 */
const WEB_SHARED = 'common'

/** The composition root's files at src/: no room imports them. */
const ROOT_FILES = ['app', 'main']

/** Folder depths below a room that get a block (src/trade/x.ts is 1, src/common/lib/x.ts is 2). */
const MAX_DEPTH = 4

const SRC = 'apps/web/src'

/** The rooms a file in `room` may not import. */
function forbiddenFor(/** @type {string} */ room) {
  if (room === WEB_SHARED) return [...WEB_FEATURES]
  const allowed = /** @type {Record<string, string[]>} */ (BUILDS_ON)[room] ?? []
  return WEB_FEATURES.filter((f) => f !== room && !allowed.includes(f))
}

function message(/** @type {string} */ room) {
  return room === WEB_SHARED
    ? 'Shared web code imports no feature: take what a feature adds as a prop or a slot that app.tsx fills (apps/web/README.md "Rooms").'
    : `The ${room} feature may not import this feature or the composition root: move what both need to src/common/, or let app.tsx compose them (apps/web/README.md "Rooms"; exceptions: BUILDS_ON in lint/web-rooms.js).`
}

/**
 * A regular expression source matching a relative specifier that leaves a file `depth` folders
 * below src/ and enters one of `rooms`, or names a composition-root file. `/` is written `\x2F`
 * so that the same source works in an esquery selector, whose regex literals cannot hold a slash.
 */
function escapePattern(/** @type {number} */ depth, /** @type {string[]} */ rooms) {
  const up = `(\\.\\.\\x2F){${depth}}`
  return `^${up}((${rooms.join('|')})(\\x2F|$)|(${ROOT_FILES.join('|')})(\\.js|\\.tsx?)?$)`
}

/** The flat-config blocks, one per room and depth. */
export function webRoomBlocks() {
  const blocks = []
  for (const room of [...WEB_FEATURES, WEB_SHARED]) {
    const rooms = forbiddenFor(room)
    for (let depth = 1; depth <= MAX_DEPTH; depth++) {
      const pattern = escapePattern(depth, rooms)
      const text = message(room)
      blocks.push({
        files: [`${SRC}/${room}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': ['error', { patterns: [{ regex: pattern, message: text }] }],
          'no-restricted-syntax': [
            'error',
            { selector: `ImportExpression[source.value=/${pattern}/]`, message: text },
          ],
        },
      })
    }
  }
  return blocks
}
