import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../lib/errors.js'
import { ActionQueue, type QueueFlags } from './queue.js'

function harness(options: { timeoutMs?: number } = {}) {
  const flags: QueueFlags[] = []
  const log: string[] = []
  let clock = 0
  const queue = new ActionQueue({
    onFlags: (f) => flags.push(f),
    pollMs: 10,
    timeoutMs: options.timeoutMs ?? 1000,
    sleep: (ms) => {
      clock += ms
      return Promise.resolve()
    },
    now: () => clock,
  })
  return { queue, flags, log }
}

/** A deferred promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('ActionQueue', () => {
  it('runs actions one at a time in order', async () => {
    const { queue, log } = harness()
    const first = deferred<string>()
    const a = queue.push({
      run: async () => {
        log.push('a start')
        const v = await first.promise
        log.push('a end')
        return v
      },
      verify: false,
    })
    const b = queue.push({
      run: () => {
        log.push('b start')
        return Promise.resolve('b')
      },
      verify: false,
    })
    await Promise.resolve()
    expect(log).toEqual(['a start'])
    first.resolve('a')
    expect(await a).toBe('a')
    expect(await b).toBe('b')
    expect(log).toEqual(['a start', 'a end', 'b start'])
  })

  it('sets the pending-action message, then pending-update while verifying', async () => {
    const { queue, flags } = harness()
    let checks = 0
    await queue.push({
      run: () => Promise.resolve(1),
      message: 'Creating asset...',
      verify: () => Promise.resolve(++checks === 3),
    })
    expect(checks).toBe(3)
    expect(flags).toEqual([
      { pendingAction: 'Creating asset...', pendingUpdate: null },
      { pendingAction: null, pendingUpdate: 'Waiting for confirmation...' },
      { pendingAction: null, pendingUpdate: null },
    ])
  })

  it('does not start the next action until verification passed', async () => {
    const { queue, log } = harness()
    let holding = false
    const optIn = queue.push({
      run: () => {
        log.push('opt-in')
        return Promise.resolve()
      },
      verify: () => {
        log.push(`check ${holding}`)
        const ok = holding
        holding = true
        return Promise.resolve(ok)
      },
    })
    const trade = queue.push({
      run: () => {
        log.push('trade')
        return Promise.resolve()
      },
      verify: false,
    })
    await Promise.all([optIn, trade])
    expect(log).toEqual(['opt-in', 'check false', 'check true', 'trade'])
  })

  it('uses the default message', async () => {
    const { queue, flags } = harness()
    await queue.push({ run: () => Promise.resolve(), verify: false })
    expect(flags[0]).toEqual({ pendingAction: 'Processing action...', pendingUpdate: null })
  })

  it('empties the queue on error, clears the flags and rethrows to every caller', async () => {
    const { queue, flags, log } = harness()
    const boom = new Error('rejected')
    const a = queue.push({
      run: () => Promise.reject(boom),
    })
    const b = queue.push({
      run: () => {
        log.push('b ran')
        return Promise.resolve()
      },
    })
    await expect(a).rejects.toBe(boom)
    await expect(b).rejects.toBe(boom)
    expect(log).toEqual([])
    expect(flags.at(-1)).toEqual({ pendingAction: null, pendingUpdate: null })
    expect(queue.size).toBe(0)
    // The queue still works afterwards.
    await expect(queue.push({ run: () => Promise.resolve(5), verify: false })).resolves.toBe(5)
  })

  it('ends verification with a clear error after the timeout', async () => {
    const { queue, flags } = harness({ timeoutMs: 100 })
    let checks = 0
    await expect(
      queue.push({
        run: () => Promise.resolve(),
        verify: () => {
          checks++
          return Promise.resolve(false)
        },
      }),
    ).rejects.toThrow(MESSAGES.verifyTimeout)
    expect(checks).toBe(11)
    expect(flags.at(-1)).toEqual({ pendingAction: null, pendingUpdate: null })
  })

  it('starts the next action at once after a background action', async () => {
    const { queue, log, flags } = harness()
    const slow = deferred<undefined>()
    const bg = queue.push({
      background: true,
      run: async () => {
        log.push('bg start')
        await slow.promise
        log.push('bg end')
      },
    })
    await queue.push({
      run: () => {
        log.push('next')
        return Promise.resolve()
      },
      verify: false,
    })
    expect(log).toEqual(['bg start', 'next'])
    slow.resolve(undefined)
    await bg
    expect(log).toEqual(['bg start', 'next', 'bg end'])
    expect(flags[0]).toEqual({ pendingAction: 'Processing action...', pendingUpdate: null })
  })
})
