import { describe, expect, it } from 'vitest'
import { IMAGE_MAX_BYTES, imageError } from './image.js'

const yes = () => Promise.resolve(true)
const no = () => Promise.resolve(false)
const file = (bytes: number, type = 'image/png') =>
  new File([new Uint8Array(bytes)], 'a.png', { type })

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
    expect(await imageError(file(10, 'text/plain'), yes)).toBe('Must be a valid image')
  })
})
