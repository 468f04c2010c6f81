/**
 * Media in S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, ...): path-style requests
 * signed with AWS Signature V4 (aws4fetch). Browsers fetch objects from S3_PUBLIC_URL directly.
 */
import { AwsClient } from 'aws4fetch'
import type { StorageConfig } from '../config.js'
import { MEDIA_KEY, type MediaStorage } from './storage.js'

type S3Config = Extract<StorageConfig, { kind: 's3' }>

export function s3Storage(config: S3Config): MediaStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
  })
  const objectUrl = (key: string): string => {
    if (!MEDIA_KEY.test(key)) throw new RangeError('invalid media key')
    return `${config.endpoint.replace(/\/$/, '')}/${config.bucket}/${key}`
  }
  return {
    async put(key, bytes, contentType) {
      const response = await client.fetch(objectUrl(key), {
        method: 'PUT',
        body: bytes,
        headers: {
          'content-type': contentType,
          // Keys are content hashes: an object never changes.
          'cache-control': 'public, max-age=31536000, immutable',
        },
      })
      if (!response.ok) {
        throw new Error(`S3 PUT ${key} answered ${response.status}: ${await response.text()}`)
      }
    },
    publicUrl: (key) => `${config.publicUrl}/${key}`,
    publicOrigin: new URL(config.publicUrl).origin,
    async get(key) {
      if (!MEDIA_KEY.test(key)) return undefined
      const response = await client.fetch(objectUrl(key))
      if (response.status === 404) return undefined
      if (!response.ok) throw new Error(`S3 GET ${key} answered ${response.status}`)
      return new Uint8Array(await response.arrayBuffer())
    },
  }
}
