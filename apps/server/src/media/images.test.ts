import { createHash } from 'node:crypto'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { IMAGE_MESSAGES } from '@unica/schemas'
import { inspectImage, processImage } from './images.js'

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })

/** A PNG whose header claims other dimensions (IHDR patched, CRC fixed): a decompression bomb. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(8, 8).png().toBuffer())
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

describe('processImage', () => {
  it('re-encodes a PNG and makes a WebP thumbnail of at most 400 px, keyed by SHA-256', async () => {
    const out = await processImage(await solid(1000, 500).png().toBuffer())
    expect(out.format).toBe('png')
    expect([out.width, out.height]).toEqual([1000, 500])
    expect(out.image.key).toBe(`${createHash('sha256').update(out.image.bytes).digest('hex')}.png`)
    const thumb = await sharp(out.thumbnail.bytes).metadata()
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 200])
  })

  it('drops metadata (EXIF) from JPEGs', async () => {
    const jpeg = await solid(64, 64)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'someone', Artist: 'hidden payload' } })
      .toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const out = await processImage(jpeg)
    expect(out.image.contentType).toBe('image/jpeg')
    expect((await sharp(out.image.bytes).metadata()).exif).toBeUndefined()
  })

  it('keeps GIFs as GIFs', async () => {
    const out = await processImage(await solid(32, 32).gif().toBuffer())
    expect(out.image.contentType).toBe('image/gif')
    expect(out.thumbnail.contentType).toBe('image/webp')
  })
})

describe('inspectImage refuses', () => {
  it('headers claiming huge dimensions, before decoding them', async () => {
    await expect(inspectImage(await pngClaiming(100_000, 100_000))).rejects.toThrow(
      IMAGE_MESSAGES.invalid,
    )
    await expect(inspectImage(await pngClaiming(9000, 10))).rejects.toThrow(IMAGE_MESSAGES.invalid)
    // The same trick within bounds is accepted by the header check (and fails at decoding).
    await expect(inspectImage(await pngClaiming(100, 100))).resolves.toMatchObject({ width: 100 })
    await expect(processImage(await pngClaiming(100, 100))).rejects.toThrow(IMAGE_MESSAGES.invalid)
  })

  it('other formats, garbage and files over 4 MiB', async () => {
    await expect(inspectImage(await solid(8, 8).webp().toBuffer())).rejects.toThrow(
      IMAGE_MESSAGES.invalid,
    )
    await expect(inspectImage(Buffer.from('GIF89a not really'))).rejects.toThrow(
      IMAGE_MESSAGES.invalid,
    )
    await expect(inspectImage(Buffer.alloc(4 * 1024 * 1024 + 1))).rejects.toThrow(
      IMAGE_MESSAGES.tooLarge,
    )
  })
})
