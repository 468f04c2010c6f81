/** Multipart bodies for app.inject, and small test images made with sharp. */
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'

export interface Multipart {
  readonly payload: Buffer
  readonly headers: Record<string, string>
}

export function multipart(
  fields: Readonly<Record<string, string>>,
  file?: { field: string; name: string; type: string; bytes: Uint8Array },
): Multipart {
  const boundary = `----unica${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(value),
      Buffer.from('\r\n'),
    )
  }
  if (file !== undefined) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

let shade = 0

/** A distinct small PNG each call (so content-addressed keys differ). */
export async function pngImage(width = 64, height = 64): Promise<Buffer> {
  shade = (shade + 37) % 256
  return sharp({
    create: { width, height, channels: 3, background: { r: shade, g: 255 - shade, b: 90 } },
  })
    .png()
    .toBuffer()
}

export const imageFile = (bytes: Uint8Array, type = 'image/png') => ({
  field: 'image',
  name: 'art.png',
  type,
  bytes,
})
