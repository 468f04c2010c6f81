/** The configured media storage: local disk by default, S3-compatible when S3_BUCKET is set. */
import type { StorageConfig } from '../config.js'
import { diskStorage } from './disk.js'
import { s3Storage } from './s3.js'
import type { MediaStorage } from './storage.js'

export function openStorage(config: StorageConfig): MediaStorage {
  return config.kind === 'disk' ? diskStorage(config.dir) : s3Storage(config)
}
