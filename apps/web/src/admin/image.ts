/** The create screen's image rules (spec section 5): required, at most 4 MiB, a real image. */
export const IMAGE_MAX_BYTES = 4_194_304
export const IMAGE_MESSAGES = {
  tooLarge: 'File too large. Size should not exceed 4 MiB.',
  invalid: 'Must be a valid image',
  required: 'Image is required',
} as const

/** Whether the browser can decode the file as an image. */
export function decodes(file: File): Promise<boolean> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => {
      URL.revokeObjectURL(url)
      resolve(img.naturalWidth > 0)
    }
    img.onerror = () => {
      URL.revokeObjectURL(url)
      resolve(false)
    }
    img.src = url
  })
}

export async function imageError(
  file: File | null,
  canDecode: (f: File) => Promise<boolean> = decodes,
): Promise<string | null> {
  if (file === null) return IMAGE_MESSAGES.required
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooLarge
  if (!file.type.startsWith('image/') || !(await canDecode(file))) return IMAGE_MESSAGES.invalid
  return null
}
