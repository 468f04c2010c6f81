/**
 * The repository explains itself: every citation in code and READMEs points into it.
 * - Nothing cites a document outside the repository (the product's first specification, design
 *   notes or research notes a clone does not have) or cites them the old way ("spec section 4",
 *   "review W12", a bare "W12").
 * - `docs/NAME.md §N`, `§N.M` and `W12` citations name a docs file that exists and a heading in it
 *   (`## §4 …`, `### §5.1 …`, `### W12 …`).
 * - Relative Markdown links resolve to a file, and their `#anchor` to a heading of it.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md)$/

/** Tracked and new (not ignored) source files, relative to the root. */
function sourceFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  return out
    .split('\n')
    .filter((f) => SOURCE.test(f) && existsSync(join(ROOT, f)))
    .filter((f) => f !== 'lint/citations.test.ts')
}

/** Citations of what a clone does not have, or in the retired forms. */
const OUTSIDE: [RegExp, string][] = [
  [/\.\.\/shared\b|\/work\/|\bshared\/(spec|reference)\b/, 'a path outside the repository'],
  [/\bDESIGN(\.md)?\b/, 'the design notes outside the repository: cite docs/architecture.md'],
  [
    /algorand-facts|reference-implementation-review|marketplace\.md/,
    'a file outside the repository',
  ],
  [/\bspec(ification)?('s)? (sections?|§) ?\d|\bspec \d/i, 'the old spec: cite docs/product.md §N'],
  [/\breview (W\d|section)|\breference review\b/, 'the old review: cite docs/security.md WN'],
]

/** `docs/NAME.md` followed by anchors: `§4`, `§5.1`, `W12`, lists and ranges of them. */
const DOC_CITATION = /docs\/([\w-]+\.md)((?:(?:[ ,]|and |or |–|-)*(?:§\d+(?:\.\d+)?|W\d+)\b)*)/g
const ANCHOR = /§\d+(?:\.\d+)?|W\d+/g

const headingsCache = new Map<string, string[]>()
/** The Markdown headings of a file, without their #s. */
function headings(path: string): string[] {
  let found = headingsCache.get(path)
  if (found === undefined) {
    found = [...readFileSync(path, 'utf8').matchAll(/^#{1,6} +(.+?) *$/gm)].map((m) => m[1])
    headingsCache.set(path, found)
  }
  return found
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Headings in fenced code blocks are not headings: strip fences before looking for links. */
function withoutFences(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '')
}

function problemsOf(file: string): string[] {
  return problemsIn(file, readFileSync(join(ROOT, file), 'utf8'))
}

/** The problems of `text` as the content of `file` (relative to the root). */
function problemsIn(file: string, text: string): string[] {
  const problems: string[] = []
  const inDocs = file.startsWith('docs/')
  const lines = text.split('\n')
  lines.forEach((line, i) => {
    const at = `${file}:${i + 1}`
    // A citation may wrap onto the next comment line ("spec\n * section 5").
    const next = (lines[i + 1] ?? '').replace(/^\s*(\*|\/\/|#)?\s*/, '')
    for (const [re, what] of OUTSIDE) {
      if (re.test(line) || (re.test(`${line} ${next}`) && !re.test(next)))
        problems.push(`${at} cites ${what}`)
    }
    if (!inDocs && /\bW([1-9]|1\d|2[0-3])\b/.test(line) && !line.includes('security.md'))
      problems.push(`${at} cites a weakness without docs/security.md`)
    for (const m of line.matchAll(DOC_CITATION)) {
      const doc = join(ROOT, 'docs', m[1])
      if (!existsSync(doc)) {
        problems.push(`${at} cites docs/${m[1]}, which does not exist`)
        continue
      }
      for (const [anchor] of m[2].matchAll(ANCHOR)) {
        if (!headings(doc).some((h) => h === anchor || h.startsWith(`${anchor} `)))
          problems.push(`${at} cites docs/${m[1]} ${anchor}, which has no such heading`)
      }
    }
  })
  if (file.endsWith('.md')) {
    for (const m of withoutFences(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]
      if (/^[a-z]+:/i.test(target)) continue
      const [path, anchor] = target.split('#') as [string, string | undefined]
      const resolved = path === '' ? join(ROOT, file) : normalize(join(ROOT, dirname(file), path))
      if (!resolved.startsWith(ROOT) || !existsSync(resolved)) {
        problems.push(`${file} links to ${target}, which does not exist`)
        continue
      }
      if (anchor !== undefined && statSync(resolved).isFile() && resolved.endsWith('.md')) {
        if (!headings(resolved).some((h) => slug(h) === anchor))
          problems.push(`${file} links to ${target}, which has no such heading`)
      }
    }
  }
  return problems
}

describe('citations point into the repository', () => {
  const files = sourceFiles()

  it('finds the sources and the docs', () => {
    expect(files).toContain('docs/product.md')
    expect(files.length).toBeGreaterThan(100)
  })

  it('every citation names a file and a heading that exist', () => {
    expect(files.flatMap(problemsOf)).toEqual([])
  })
})

describe('the checks themselves', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug('§5.1 The escrow is the application’s own account')).toBe(
      '51-the-escrow-is-the-applications-own-account',
    )
    expect(slug("Costs, and differences from the spec's constants")).toBe(
      'costs-and-differences-from-the-specs-constants',
    )
  })

  it('reads lists and ranges of anchors after a docs path', () => {
    const line = 'see docs/security.md W1, W3 and W10–W16; docs/product.md §4, §5.2'
    const found = [...line.matchAll(DOC_CITATION)].map((m) => [
      m[1],
      [...m[2].matchAll(ANCHOR)].map((a) => a[0]),
    ])
    expect(found).toEqual([
      ['security.md', ['W1', 'W3', 'W10', 'W16']],
      ['product.md', ['§4', '§5.2']],
    ])
  })

  it('flags the retired forms', () => {
    const retired = [
      'the routes of spec section 2',
      'spec sections 4 and 5',
      'see DESIGN, web side',
      'see ../../shared/reference/algorand-facts.md A2',
      '(review W11)',
    ]
    for (const line of retired)
      expect(
        OUTSIDE.some(([re]) => re.test(line)),
        line,
      ).toBe(true)
    expect(OUTSIDE.some(([re]) => re.test('docs/product.md §2 and docs/security.md W11'))).toBe(
      false,
    )
  })

  it('follows a citation onto the next comment line, and checks anchors and links', () => {
    const text = [
      '/**',
      ' * The rules of the spec',
      ' * section 5, and docs/product.md §42, docs/security.md W99, docs/nowhere.md §1.',
      ' * Bare W12 is not a citation.',
      ' */',
    ].join('\n')
    expect(problemsIn('apps/web/src/x.ts', text)).toEqual([
      'apps/web/src/x.ts:2 cites the old spec: cite docs/product.md §N',
      'apps/web/src/x.ts:3 cites docs/product.md §42, which has no such heading',
      'apps/web/src/x.ts:3 cites docs/security.md W99, which has no such heading',
      'apps/web/src/x.ts:3 cites docs/nowhere.md, which does not exist',
      'apps/web/src/x.ts:4 cites a weakness without docs/security.md',
    ])
    expect(
      problemsIn('docs/x.md', '[a](product.md#4-states-and-flows) [b](product.md#nope)'),
    ).toEqual(['docs/x.md links to product.md#nope, which has no such heading'])
  })
})
