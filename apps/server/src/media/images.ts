/**
 * Uploaded images, checked by content and never stored as sent: the format is read from the
 * bytes (PNG, JPEG, GIF), the size and dimensions are bounded before anything is decoded
 * (decompression bombs), then the image is re-encoded (dropping metadata and anything hidden in
 * the file) and a WebP thumbnail is made. Keys are the SHA-256 of the stored bytes.
 */
import { createHash } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { ASSET_LIMITS, IMAGE_MESSAGES, imageFormat, type ImageFormat } from '@unica/schemas'

const MAX_SIDE = ASSET_LIMITS.imageSide
const MAX_PIXELS = ASSET_LIMITS.imagePixels
const MAX_FRAMES = 200
const THUMBNAIL_SIDE = 400

export interface ProcessedImage {
  readonly format: ImageFormat
  readonly width: number
  readonly height: number
  readonly image: { readonly key: string; readonly bytes: Buffer; readonly contentType: string }
  readonly thumbnail: { readonly key: string; readonly bytes: Buffer; readonly contentType: string }
}

export class InvalidImage extends Error {}

const keyOf = (bytes: Uint8Array, ext: string): string =>
  `${createHash('sha256').update(bytes).digest('hex')}.${ext}`

const inputOptions = (format: ImageFormat) => ({
  limitInputPixels: MAX_PIXELS,
  failOn: 'error' as const,
  animated: format === 'gif',
})

/**
 * The checks that need no decoding: size, format by content, and the dimensions in the header.
 * Throws InvalidImage with the spec's message.
 */
export async function inspectImage(
  bytes: Uint8Array,
): Promise<{ format: ImageFormat; width: number; height: number }> {
  if (bytes.length > ASSET_LIMITS.imageBytes) throw new InvalidImage(IMAGE_MESSAGES.tooLarge)
  const format = imageFormat(bytes)
  if (format === undefined) throw new InvalidImage(IMAGE_MESSAGES.invalid)
  let meta: Metadata
  try {
    // metadata() reads headers only: the bounds are checked before any pixel is decoded.
    meta = await sharp(bytes, inputOptions(format)).metadata()
  } catch {
    throw new InvalidImage(IMAGE_MESSAGES.invalid)
  }
  const width = meta.width
  const height = meta.pageHeight ?? meta.height
  const frames = meta.pages ?? 1
  if (
    width < 1 ||
    height < 1 ||
    width > MAX_SIDE ||
    height > MAX_SIDE ||
    frames > MAX_FRAMES ||
    width * height * frames > MAX_PIXELS
  ) {
    throw new InvalidImage(IMAGE_MESSAGES.invalid)
  }
  return { format, width, height }
}

/** Throws InvalidImage (with the spec's message) for anything that is not a sane image. */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const { format, width, height } = await inspectImage(bytes)
  const input = inputOptions(format)
  try {
    const pipeline = sharp(bytes, input).timeout({ seconds: 20 }).rotate()
    const encoded =
      format === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : format === 'jpg'
          ? pipeline.jpeg({ quality: 90, mozjpeg: true })
          : pipeline.gif()
    const image = await encoded.toBuffer()
    const thumbnail = await sharp(bytes, { ...input, animated: false })
      .timeout({ seconds: 20 })
      .rotate()
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
    return {
      format,
      width,
      height,
      image: { key: keyOf(image, format), bytes: image, contentType: CONTENT_TYPE[format] },
      thumbnail: { key: keyOf(thumbnail, 'webp'), bytes: thumbnail, contentType: 'image/webp' },
    }
  } catch (error) {
    if (error instanceof InvalidImage) throw error
    // sharp's own errors: truncated, corrupt, over the pixel limit, or too slow to decode.
    throw new InvalidImage(IMAGE_MESSAGES.invalid)
  }
}

const CONTENT_TYPE: Record<ImageFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
}
