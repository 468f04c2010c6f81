/**
 * Where uploaded media lives. Keys are content-addressed file names (sha256 + extension), so a
 * stored object never changes and can be cached forever.
 */
export interface MediaStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /**
   * The object's public URL when the storage serves it itself (S3 with a public URL); undefined
   * when this server serves it under /media/{key}.
   */
  publicUrl(key: string): string | undefined
  /** The origin of those public URLs (the browser's policy must allow its images); else undefined. */
  readonly publicOrigin: string | undefined
  /** The object's bytes, or undefined when absent (used by the /media route). */
  get(key: string): Promise<Uint8Array | undefined>
}

/** Keys are `<64 hex>.<ext>`: nothing else is ever read or written. */
export const MEDIA_KEY = /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
}
