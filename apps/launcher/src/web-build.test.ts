import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webBuildNeeded } from './web-build.js'

let root: string
const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000)

async function file(path: string, seconds: number): Promise<void> {
  const full = join(root, path)
  await mkdir(join(full, '..'), { recursive: true })
  await writeFile(full, path)
  await utimes(full, at(seconds), at(seconds))
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'unica-webbuild-'))
  await file('apps/web/src/main.tsx', 10)
  await file('apps/web/index.html', 10)
  await file('packages/contracts/src/index.ts', 10)
  for (const dir of ['apps/web/src', 'packages/contracts/src']) {
    await utimes(join(root, dir), at(10), at(10))
  }
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('webBuildNeeded', () => {
  it('is true without a build, false after one, true again when a source changes', async () => {
    expect(webBuildNeeded(root)).toBe(true)
    await file('apps/web/dist/index.html', 20)
    expect(webBuildNeeded(root)).toBe(false)
    // A bundled workspace counts too.
    await file('packages/contracts/src/index.ts', 30)
    expect(webBuildNeeded(root)).toBe(true)
  })
})
