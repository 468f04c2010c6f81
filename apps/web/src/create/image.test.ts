import { describe, expect, it } from 'vitest'
import { ASSET_LIMITS } from '@unica/schemas'
import { IMAGE_HINT, RECOMMENDED_SIDE, imageError } from './image.js'

const IMAGE_MAX_BYTES = ASSET_LIMITS.imageBytes
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const WEBP = [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]
const yes = () => Promise.resolve({ width: 100, height: 100 })
const no = () => Promise.resolve(null)
/** A file of `bytes` bytes that starts with `magic` (a PNG signature unless told otherwise). */
const file = (bytes: number, type = 'image/png', magic: number[] = PNG) => {
  const data = new Uint8Array(bytes)
  data.set(magic.slice(0, bytes))
  return new File([data], 'a.png', { type })
}

describe('imageError', () => {
  it('requires an image', async () => {
    expect(await imageError(null, yes)).toBe('Image is required')
  })
  it('refuses more than 4 MiB', async () => {
    expect(await imageError(file(IMAGE_MAX_BYTES + 1), yes)).toBe(
      'File too large. Size should not exceed 4 MiB.',
    )
    expect(await imageError(file(IMAGE_MAX_BYTES), yes)).toBeNull()
  })
  it('refuses files that do not decode or are not images', async () => {
    expect(await imageError(file(10), no)).toBe('Must be a valid image')
    expect(await imageError(file(10, 'text/plain', []), yes)).toBe('Must be a valid image')
  })
  it('refuses images the server would refuse: other formats, and oversized dimensions', async () => {
    // A WebP the browser could show is still not one of PNG, JPEG or GIF.
    expect(await imageError(file(64, 'image/webp', WEBP), yes)).toBe('Must be a valid image')
    const huge = () => Promise.resolve({ width: ASSET_LIMITS.imageSide + 1, height: 10 })
    expect(await imageError(file(64), huge)).toBe('Must be a valid image')
    const many = () => Promise.resolve({ width: 8000, height: 8000 })
    expect(await imageError(file(64), many)).toBe('Must be a valid image')
  })
})

describe('the image hint', () => {
  const sized = (width: number, height: number) => () => Promise.resolve({ width, height })

  it('states the limits imageError enforces, and the recommended size as advice', async () => {
    expect(IMAGE_HINT.required).toBe(
      'Required: PNG, JPG or GIF, at most 4 MiB, any size from 1 x 1 px, each side at most 8,192 px and 40 megapixels in all.',
    )
    expect(IMAGE_HINT.recommended).toBe('Recommended: square, at least 1,000 x 1,000 px.')
    // The stated minimum and maximum pass; one pixel beyond either maximum does not.
    expect(await imageError(file(64), sized(1, 1))).toBeNull()
    expect(await imageError(file(64), sized(ASSET_LIMITS.imageSide, 4882))).toBeNull()
    expect(await imageError(file(64), sized(ASSET_LIMITS.imageSide + 1, 1))).not.toBeNull()
    expect(await imageError(file(64), sized(ASSET_LIMITS.imageSide, 4883))).not.toBeNull()
    // Smaller than recommended is allowed: the recommendation is not a rule.
    expect(await imageError(file(64), sized(600, 600))).toBeNull()
    expect(await imageError(file(64), sized(RECOMMENDED_SIDE, RECOMMENDED_SIDE))).toBeNull()
  })
})
