import { describe, expect, it } from 'vitest'
import { PollLoop } from './poll-loop.js'

const tick = () => new Promise((r) => setTimeout(r, 20))

describe('PollLoop', () => {
  it('runs again at once while steps find work, and waits idleMs when they do not', async () => {
    let calls = 0
    const loop = new PollLoop(() => Promise.resolve(++calls < 3), 60_000)
    loop.start()
    await tick()
    expect(calls).toBe(3) // two busy steps, then an idle one that now waits a minute
    await loop.stop()
  })

  it('wake() cuts the idle wait short', async () => {
    let calls = 0
    const loop = new PollLoop(() => Promise.resolve(++calls < 0), 60_000)
    loop.start()
    await tick()
    expect(calls).toBe(1)
    loop.wake()
    await tick()
    expect(calls).toBe(2)
    await loop.stop()
  })

  it('stop() ends an idle wait at once and resolves when the loop has ended', async () => {
    let calls = 0
    const loop = new PollLoop(() => Promise.resolve(++calls < 0), 60_000)
    loop.start()
    await tick()
    const started = Date.now()
    await loop.stop()
    expect(Date.now() - started).toBeLessThan(1_000)
    await tick()
    expect(calls).toBe(1)
  })

  it('survives a failing step, reports it, and tries again after the wait', async () => {
    const errors: unknown[] = []
    let calls = 0
    const loop = new PollLoop(
      () => (++calls === 1 ? Promise.reject(new Error('algod down')) : Promise.resolve(false)),
      10,
      (e) => errors.push(e),
    )
    loop.start()
    await tick()
    await tick()
    await loop.stop()
    expect(errors).toHaveLength(1)
    expect(calls).toBeGreaterThanOrEqual(2)
  })
})
