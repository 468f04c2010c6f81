// Types of lint/state-keys.js for its test (the rule itself is plain JavaScript, as ESLint loads it).
import type { ESLint } from 'eslint'

export const NAMED_KEYS: readonly string[]
export const LETTER_KEYS: readonly string[]
export const SLOT_PREFIXES: readonly string[]
export const stateKeysPlugin: ESLint.Plugin
export const STATE_KEYS_FILES: string[]
export const STATE_KEYS_IGNORES: string[]
