/**
 * Sample art for the tests, made offline: images by sharp (PNG, JPEG, GIF, WebP) and, for video,
 * the leading structure of an MP4 (an `ftyp` box) and of a WebM (an EBML header naming the
 * `webm` doc type). No video encoder is available offline, so the video samples are containers
 * without frames: enough for CIDs, sniffing and the gateway, not for playing.
 */
import sharp from 'sharp'

const art = () =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 30, g: 120, b: 200 } } })

/** A picture of random pixels: it does not compress, so it spans several 256 KiB chunks. */
export async function noisyPng(side: number): Promise<Uint8Array> {
  const pixels = Buffer.alloc(side * side * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
}

function mp4(): Uint8Array {
  // ISO/IEC 14496-12 box: size, type `ftyp`, major brand `isom`, minor version, compatible brands.
  const body = Buffer.concat([
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41'),
  ])
  const size = Buffer.alloc(4)
  size.writeUInt32BE(body.length + 4)
  return Buffer.concat([size, body])
}

function webm(): Uint8Array {
  // EBML header (ID 1A45DFA3) holding DocType (ID 4282) = "webm".
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from('webm')])
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]), docType])
}

export interface Sample {
  readonly name: string
  readonly mediaType: string
  readonly bytes: Uint8Array
}

export async function samples(): Promise<Sample[]> {
  return [
    { name: 'PNG', mediaType: 'image/png', bytes: await art().png().toBuffer() },
    { name: 'JPEG', mediaType: 'image/jpeg', bytes: await art().jpeg().toBuffer() },
    { name: 'GIF', mediaType: 'image/gif', bytes: await art().gif().toBuffer() },
    { name: 'WebP', mediaType: 'image/webp', bytes: await art().webp().toBuffer() },
    { name: 'MP4', mediaType: 'video/mp4', bytes: mp4() },
    { name: 'WebM', mediaType: 'video/webm', bytes: webm() },
  ]
}
