/**
 * The key set of a JSON answer, for comparing with the golden sets in test/vectors/: every key as
 * a dotted path, array items under `key[]` (the union over the items), sorted.
 */
import { readFileSync } from 'node:fs'

export function keyPaths(value: unknown, prefix = '', into = new Set<string>()): string[] {
  if (Array.isArray(value)) {
    for (const item of value) keyPaths(item, `${prefix}[]`, into)
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix === '' ? key : `${prefix}.${key}`
      into.add(path)
      keyPaths(child, path, into)
    }
  }
  return [...into].sort()
}

/** A golden key-set file: `{ source, cases: { name: [paths] } }`. */
export function loadKeySets(file: string): Record<string, string[]> {
  const url = new URL(`vectors/${file}`, import.meta.url)
  const parsed = JSON.parse(readFileSync(url, 'utf8')) as { cases: Record<string, string[]> }
  return parsed.cases
}
