/**
 * The manager's state has one home (`unica-state/keys`): @unica/contracts describes every global
 * key, local key and box per contract version and decodes them (decodeManagerGlobal,
 * decodeGlobalDelta, readConfirmedCall's `state`, readBidBox, readHeldBox). Product code elsewhere
 * (apps/<name>/src, tests excepted) reads state through those, so this rule reports there:
 * - a multi-letter key as a string (`'AE'`, `'R0'`..`'R3'`, `'H0'`..`'H3'`, `'AR'`..`'AH'`);
 * - a one-letter key (`A`, `O`, `E`, `U`, `N`, `C`, `B`) looked up: `delta.get('A')`, `.has('O')`;
 * - a slot key built by template: `` `R${i}` ``, `` `H${i}` ``;
 * - `decodeUint64(...)`: bytes of chain state decoded by hand (a box's value, a slot's share).
 * One-letter strings elsewhere (search weights 'A', a unit name 'U') and codes that merely look
 * alike (status 'RD', 'DC'; op types) are not state access and pass.
 * lint/state-keys.test.ts holds the key lists to the contracts' description.
 */

/** Keys specific enough to be reported wherever they appear as a value. */
export const NAMED_KEYS = [
  ...['R0', 'R1', 'R2', 'R3', 'H0', 'H1', 'H2', 'H3'],
  ...['AR', 'AD', 'AP', 'AM', 'AE', 'AV', 'AH'],
]
/** One-letter keys: reported as the key of a lookup only. */
export const LETTER_KEYS = ['A', 'O', 'E', 'U', 'N', 'C', 'B']
/** Slot keys built from a prefix and an index. */
export const SLOT_PREFIXES = ['R', 'H']

const LOOKUPS = new Set(['get', 'has', 'set', 'delete'])
const MESSAGE =
  'Manager state is read through @unica/contracts (decodeManagerGlobal, decodeGlobalDelta, the reading of a call), not by key'
const DECODE_MESSAGE =
  'Chain state is decoded by @unica/contracts (readBidBox, readHeldBox, decodeManagerGlobal, …), not with decodeUint64'

/** The string a literal or an expression-free template stands for, else undefined. */
function stringOf(/** @type {any} */ node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) {
    return node.quasis[0]?.value.cooked ?? undefined
  }
  return undefined
}

/** @type {import('eslint').Rule.RuleModule} */
const keysRule = {
  meta: {
    type: 'problem',
    docs: { description: "The manager's state is read through @unica/contracts, never by key" },
    schema: [],
  },
  create(context) {
    /** @param {any} node */
    function checkString(node) {
      // A type (`'AD' | 'AP'`) is no access.
      if (node.parent?.type === 'TSLiteralType') return
      const value = stringOf(node)
      if (value !== undefined && NAMED_KEYS.includes(value)) {
        context.report({ node, message: MESSAGE })
      }
    }
    return {
      Literal: checkString,
      TemplateLiteral(/** @type {any} */ node) {
        if (node.expressions.length === 0) return checkString(node)
        const [head, tail] = node.quasis.map((/** @type {any} */ q) => q.value.cooked)
        if (node.expressions.length === 1 && SLOT_PREFIXES.includes(head) && tail === '') {
          context.report({ node, message: MESSAGE })
        }
      },
      CallExpression(/** @type {any} */ node) {
        const callee = node.callee
        const name =
          callee.type === 'Identifier'
            ? callee.name
            : callee.type === 'MemberExpression' && !callee.computed
              ? callee.property.name
              : undefined
        if (name === 'decodeUint64') context.report({ node, message: DECODE_MESSAGE })
        const key = stringOf(node.arguments[0])
        if (LOOKUPS.has(name) && key !== undefined && LETTER_KEYS.includes(key)) {
          context.report({ node: node.arguments[0], message: MESSAGE })
        }
      },
    }
  },
}

/** The ESLint plugin: `unica-state/keys`. */
export const stateKeysPlugin = { rules: { keys: keysRule } }

/** Where the rule applies: product code outside the contracts package, tests excepted. */
export const STATE_KEYS_FILES = ['apps/*/src/**/*.{ts,tsx}']
export const STATE_KEYS_IGNORES = ['**/*.test.{ts,tsx}', '**/test/**', '**/testing/**']
