/** Media on local disk (the default): one file per key, written atomically. */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { MEDIA_KEY, type MediaStorage } from './storage.js'

export function diskStorage(dir: string): MediaStorage {
  const path = (key: string): string => {
    if (!MEDIA_KEY.test(key)) throw new RangeError('invalid media key')
    return join(dir, key)
  }
  return {
    async put(key, bytes) {
      await mkdir(dir, { recursive: true })
      const target = path(key)
      // A unique temp name: concurrent writers of the same key (same content) must not collide.
      const temp = `${target}.${randomUUID()}.tmp`
      await writeFile(temp, bytes)
      await rename(temp, target)
    },
    publicUrl: () => undefined,
    publicOrigin: undefined,
    async get(key) {
      if (!MEDIA_KEY.test(key)) return undefined
      try {
        return await readFile(path(key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
  }
}
