import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DEMO_PIECES } from './catalog.js'
import { artworkPng, artworkSvg, IMAGE_SIDE } from './images.js'

describe('the demo artwork', () => {
  it('draws every piece as a distinct square PNG, the same bytes every time', async () => {
    const seen = new Set<string>()
    for (const piece of DEMO_PIECES) {
      const png = await artworkPng(piece.art)
      const meta = await sharp(png).metadata()
      expect(meta).toMatchObject({ format: 'png', width: IMAGE_SIDE, height: IMAGE_SIDE })
      expect((await artworkPng(piece.art)).equals(png)).toBe(true)
      seen.add(png.toString('base64'))
    }
    expect(seen.size).toBe(DEMO_PIECES.length)
  })

  it('is self-contained SVG: no external references to fetch', () => {
    for (const piece of DEMO_PIECES) {
      const svg = artworkSvg(piece.art)
      expect(svg).not.toMatch(/href|<image|@import|url\((?!#)/)
    }
  })
})
