/**
 * The create screen's image rules (docs/product.md §5), checked before anything is minted: the same
 * rules the server applies to the upload (@unica/schemas), so an NFT is never created on chain
 * with an image the backend would then refuse. Required, at most 4 MiB, PNG, JPEG or GIF by
 * content, decodable, and within the size bounds.
 */
import { ASSET_LIMITS, IMAGE_MESSAGES, imageFormat } from '@unica/schemas'

export interface Dimensions {
  readonly width: number
  readonly height: number
}

/** The image's size as the browser decodes it, or null when it does not decode. */
function decodedSize(file: File): Promise<Dimensions | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => {
      URL.revokeObjectURL(url)
      resolve(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null)
    }
    img.onerror = () => {
      URL.revokeObjectURL(url)
      resolve(null)
    }
    img.src = url
  })
}

/**
 * Below this side an image still passes (any decodable image within the limits does), but it looks
 * soft on the details page, which shows it up to this wide: advice, not a rule.
 */
export const RECOMMENDED_SIDE = 1000

const MIB = 1024 * 1024
const px = (n: number): string => n.toLocaleString('en-US')

/**
 * The create screen's hint, made from the very limits imageError checks, so the two cannot
 * disagree: what is required (format, bytes, the size bounds) and what is recommended.
 */
export const IMAGE_HINT = {
  required: `Required: PNG, JPG or GIF, at most ${ASSET_LIMITS.imageBytes / MIB} MiB, any size from 1 x 1 px, each side at most ${px(ASSET_LIMITS.imageSide)} px and ${ASSET_LIMITS.imagePixels / 1_000_000} megapixels in all.`,
  recommended: `Recommended: square, at least ${px(RECOMMENDED_SIDE)} x ${px(RECOMMENDED_SIDE)} px.`,
} as const

export async function imageError(
  file: File | null,
  decode: (f: File) => Promise<Dimensions | null> = decodedSize,
): Promise<string | null> {
  if (file === null) return IMAGE_MESSAGES.required
  if (file.size > ASSET_LIMITS.imageBytes) return IMAGE_MESSAGES.tooLarge
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
  if (imageFormat(head) === undefined) return IMAGE_MESSAGES.invalid
  const size = await decode(file)
  if (
    size === null ||
    size.width > ASSET_LIMITS.imageSide ||
    size.height > ASSET_LIMITS.imageSide ||
    size.width * size.height > ASSET_LIMITS.imagePixels
  ) {
    return IMAGE_MESSAGES.invalid
  }
  return null
}
