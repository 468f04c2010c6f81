/**
 * Search's typo tolerance, as Meilisearch's defaults (docs/product.md §11): a query word of 5 to 8
 * characters matches a stored word one typo away, one of 9 or more two typos away, a shorter one
 * only exactly (or as a prefix, search.ts). A typo is an inserted, deleted or replaced character,
 * or two adjacent characters swapped (Damerau-Levenshtein, "optimal string alignment").
 */

/** Typos a query word of this many characters may hold. */
export function typosAllowed(word: string): 0 | 1 | 2 {
  const length = Array.from(word).length
  return length >= 9 ? 2 : length >= 5 ? 1 : 0
}

/**
 * The typos between `a` and `b` (optimal string alignment: each character edited at most once),
 * or `max + 1` when there are more than `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  const s = Array.from(a)
  const t = Array.from(b)
  if (Math.abs(s.length - t.length) > max) return max + 1
  // Three rows of the classic table: the one before last is needed for a swap.
  let before: number[] = []
  let last = Array.from({ length: t.length + 1 }, (_, j) => j)
  for (let i = 1; i <= s.length; i++) {
    const row = [i]
    let least = i
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1
      let d = Math.min(last[j] + 1, row[j - 1] + 1, last[j - 1] + cost)
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        d = Math.min(d, before[j - 2] + 1)
      row.push(d)
      least = Math.min(least, d)
    }
    if (least > max) return max + 1
    before = last
    last = row
  }
  return Math.min(last[t.length], max + 1)
}

/**
 * LIKE patterns of which every stored word within `typos` of `word` matches one (`typos` ≥ 1):
 * they let the trigram index find the few candidates, whose distance is then checked.
 *
 * Why they cover every such word: the word is cut into `typos + 1` parts, one character between
 * each. A typo touches at most one part (a swap covers two adjacent characters, so at most one
 * part and a separating character), so with `typos` typos one part is untouched. The first part,
 * untouched, still starts the stored word (an insertion before it counts as touching it), the last
 * still ends it, a middle one is somewhere in it. A middle part has 3 characters or more, so the
 * trigram index can look it up.
 */
export function typoPatterns(word: string, typos: 1 | 2): string[] {
  const chars = Array.from(word)
  const n = chars.length
  const part = (from: number, to: number) => chars.slice(from, to).join('')
  if (typos === 1) {
    const cut = Math.floor((n - 1) / 2)
    return [`${part(0, cut)}%`, `%${part(cut + 1, n)}`]
  }
  const first = Math.floor((n - 2) / 3)
  const middle = Math.ceil((n - 2 - first) / 2)
  const second = first + 1 + middle
  return [`${part(0, first)}%`, `%${part(first + 1, second)}%`, `%${part(second + 1, n)}`]
}
