import { describe, expect, it } from 'vitest'
import { typoDistance, typoPatterns, typosAllowed } from './typos.js'

/** SQL LIKE with only `%` (the patterns hold letters and digits besides it). */
const likes = (text: string, pattern: string): boolean =>
  new RegExp(`^${pattern.replaceAll('%', '.*')}$`, 'u').test(text)

/** Every word one edit (Meilisearch's typo) from `word`, over `alphabet`. */
function oneTypoFrom(word: string, alphabet: string): Set<string> {
  const found = new Set<string>()
  for (let i = 0; i <= word.length; i++) {
    for (const c of alphabet) found.add(word.slice(0, i) + c + word.slice(i))
    if (i < word.length) {
      found.add(word.slice(0, i) + word.slice(i + 1))
      for (const c of alphabet) found.add(word.slice(0, i) + c + word.slice(i + 1))
    }
    if (i + 1 < word.length) found.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2))
  }
  return found
}

describe('typosAllowed', () => {
  it('gives none below 5 characters, one from 5, two from 9', () => {
    expect(['tow', 'embr', 'ember', 'harbour1', 'lanterns1'].map(typosAllowed)).toEqual([
      0, 0, 1, 1, 2,
    ])
  })
})

describe('typoDistance', () => {
  it('counts a swap of adjacent characters as one typo', () => {
    expect(typoDistance('emebr', 'ember', 1)).toBe(1)
    expect(typoDistance('harbuor', 'harbour', 1)).toBe(1)
    expect(typoDistance('lichne', 'lichen', 1)).toBe(1)
  })
  it('counts insertions, deletions and replacements, and stops past the bound', () => {
    expect(typoDistance('harbor', 'harbour', 1)).toBe(1)
    expect(typoDistance('harbouur', 'harbour', 1)).toBe(1)
    expect(typoDistance('harbeur', 'harbour', 1)).toBe(1)
    expect(typoDistance('hrbuor', 'harbour', 1)).toBe(2)
    expect(typoDistance('hrbuor', 'harbour', 2)).toBe(2)
    expect(typoDistance('ca', 'abc', 2)).toBe(3)
    expect(typoDistance('abc', 'xyzabc', 2)).toBe(3)
  })
})

describe('typoPatterns', () => {
  it('match every word one typo away (each word from 5 to 8 letters, every edit)', () => {
    for (const word of ['ember', 'lichen', 'harbour', 'abcdefgh', 'aabbaa']) {
      const patterns = typoPatterns(word, 1)
      for (const near of oneTypoFrom(word, 'abcehx')) {
        expect(
          patterns.some((p) => likes(near, p)),
          `${near} from ${word} by ${patterns.join(' ')}`,
        ).toBe(true)
      }
    }
  })
  it('match every word two typos away (words of 9 to 12 letters, every pair of edits)', () => {
    for (const word of ['lanternsx', 'abcdefghij', 'wanderings12']) {
      const patterns = typoPatterns(word, 2)
      expect(patterns[1].length).toBeGreaterThanOrEqual(5) // `%` + 3 characters + `%`
      for (const once of oneTypoFrom(word, 'ax')) {
        for (const twice of oneTypoFrom(once, 'ax')) {
          if (typoDistance(word, twice, 2) > 2) continue
          expect(
            patterns.some((p) => likes(twice, p)),
            `${twice} from ${word} by ${patterns.join(' ')}`,
          ).toBe(true)
        }
      }
    }
  })
  it('leave out most words more typos away', () => {
    expect(typoPatterns('ember', 1).some((p) => likes('amber', p))).toBe(true)
    expect(typoPatterns('ember', 1).some((p) => likes('willow', p))).toBe(false)
  })
})
