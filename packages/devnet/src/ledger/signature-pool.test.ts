import type { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { deterministicKey, signBytes } from '../genesis/keys.js'
import { precheckedVerifier, SignaturePool, type SignatureCheck } from './signature-pool.js'

const key = deterministicKey('signature-pool-test')
const other = deterministicKey('signature-pool-test-other')

function check(text: string, signer = key): SignatureCheck {
  const message = new TextEncoder().encode(text)
  return { pk: key.publicKey, message, sig: signBytes(signer.secretKey, message) }
}

describe('SignaturePool', () => {
  const pool = new SignaturePool(2)
  afterAll(() => pool.close())

  it('answers every check of a batch, in order', async () => {
    const checks = Array.from({ length: 16 }, (_, i) => check(`message ${i}`))
    expect(await pool.verify(checks)).toEqual(checks.map(() => true))
  })

  it('finds an invalid signature in any position', async () => {
    for (let bad = 0; bad < 16; bad++) {
      const checks = Array.from({ length: 16 }, (_, i) =>
        check(`message ${i}`, i === bad ? other : key),
      )
      const expected = checks.map((_, i) => i !== bad)
      expect(await pool.verify(checks), `bad signature at ${bad}`).toEqual(expected)
    }
  })

  it('refuses what ed25519Verify refuses: a flipped bit, a key that is not a point', async () => {
    const flipped = check('flipped')
    const sig = flipped.sig.slice()
    sig[10] ^= 1
    // 0xff... is not the encoding of a curve point.
    const notAKey = { ...check('not a key'), pk: new Uint8Array(32).fill(0xff) }
    expect(await pool.verify([{ ...flipped, sig }, notAKey, check('fine')])).toEqual([
      false,
      false,
      true,
    ])
  })

  it('does not answer for keys or signatures of the wrong length', async () => {
    const short = { ...check('short'), sig: new Uint8Array(63) }
    expect(await pool.verify([check('fine'), short])).toBeUndefined()
  })

  it('answers jobs sent at once, each with its own results', async () => {
    const jobs = Array.from({ length: 20 }, (_, j) =>
      Array.from({ length: 4 }, (_, i) => check(`job ${j} ${i}`, (i + j) % 5 === 0 ? other : key)),
    )
    const answers = await Promise.all(jobs.map((checks) => pool.verify(checks)))
    answers.forEach((answer, j) => {
      expect(answer).toEqual(jobs[j].map((_, i) => (i + j) % 5 !== 0))
    })
  })
})

describe('SignaturePool.close', () => {
  it('ends every thread, answers jobs still out with undefined, and then verifies nothing', async () => {
    const pool = new SignaturePool(2)
    expect(pool.liveThreads).toBe(0)
    await pool.verify([check('start')])
    expect(pool.liveThreads).toBe(2)
    const big = Array.from({ length: 200 }, (_, i) => check(`pending ${i}`))
    const pending = pool.verify(big)
    await pool.close()
    expect(await pending).toBeUndefined()
    expect(pool.liveThreads).toBe(0)
    expect(await pool.verify([check('after')])).toBeUndefined()
    await pool.close()
  })
})

describe('a signature thread that dies', () => {
  it('leaves its jobs unanswered (verified inline by the caller), and the pool starts anew', async () => {
    const pool = new SignaturePool(1)
    await pool.verify([check('start')])
    // Reach the private thread, as only a crash would.
    const inside = pool as unknown as { threads: { worker: Worker }[] }
    // Enough work (a third of a second or more) that the thread dies before it could answer.
    const lost = check('lost')
    const pending = pool.verify(Array.from({ length: 5000 }, () => lost))
    await inside.threads[0].worker.terminate()
    expect(await pending).toBeUndefined()
    expect(pool.liveThreads).toBe(0)
    expect(await pool.verify([check('again'), check('bad', other)])).toEqual([true, false])
    expect(pool.liveThreads).toBe(1)
    await pool.close()
    expect(pool.liveThreads).toBe(0)
  })
})

describe('a pool that lost one of several threads', () => {
  it('replaces it at the next use, back to its full size', async () => {
    const pool = new SignaturePool(2)
    await pool.verify([check('start')])
    expect(pool.liveThreads).toBe(2)
    const inside = pool as unknown as { threads: { worker: Worker }[] }
    await inside.threads[0].worker.terminate()
    expect(pool.liveThreads).toBe(1)
    expect(await pool.verify([check('again'), check('bad', other)])).toEqual([true, false])
    expect(pool.liveThreads).toBe(2)
    await pool.close()
  })
})

describe('precheckedVerifier', () => {
  it("uses the pool's answer only for the very same key, message and signature arrays", () => {
    const c = check('answered')
    // A wrong answer on purpose, to see which path was taken.
    const verifier = precheckedVerifier([c], [false])
    expect(verifier(c.pk, c.message, c.sig)).toBe(false)
    // Equal bytes in other arrays are verified, not looked up.
    expect(verifier(c.pk.slice(), c.message, c.sig)).toBe(true)
    expect(verifier(c.pk, c.message.slice(), c.sig)).toBe(true)
    expect(verifier(c.pk, c.message, c.sig.slice())).toBe(true)
  })

  it('verifies everything itself when the pool did not answer', () => {
    const c = check('unanswered')
    const verifier = precheckedVerifier([c], undefined)
    expect(verifier(c.pk, c.message, c.sig)).toBe(true)
    expect(verifier(other.publicKey, c.message, c.sig)).toBe(false)
  })
})
