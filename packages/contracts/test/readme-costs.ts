/**
 * The README's opcode cost tables (one row per measured key: `| \`key\` | ... | cost |`), which
 * the flows tests hold to what simulate measured.
 */
import { readFileSync } from 'node:fs'
import { expect } from 'vitest'

export function expectDocumentedCosts(measured: ReadonlyMap<string, number>): void {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const documented = new Map(
    [...readme.matchAll(/^\| `([a-z0-9-]+)` +\|.*\| +(\d+) +\|$/gm)].map((m) => [
      m[1],
      Number(m[2]),
    ]),
  )
  expect(Object.fromEntries(measured)).toEqual(
    Object.fromEntries([...documented].filter(([k]) => measured.has(k))),
  )
  expect([...measured.keys()].filter((k) => !documented.has(k))).toEqual([])
}
