/**
 * The background loop the sender and the follower share: run a step; when it found nothing to do
 * (or failed: algod down, database busy), wait `idleMs` before the next, unless `wake()` or
 * `stop()` cuts the wait short.
 */
import type algosdk from 'algosdk'
import type { Database } from '../db/index.js'
export class PollLoop {
  private running = false
  private loop: Promise<void> | null = null
  private woken = false
  private cutWait: (() => void) | null = null

  constructor(
    /** One round of work; resolves true when it did something (then the next starts at once). */
    private readonly step: () => Promise<boolean>,
    private readonly idleMs: number,
    private readonly onError?: (e: unknown) => void,
  ) {}

  /** Cuts the current idle wait short (or skips the next one). */
  wake(): void {
    this.woken = true
    this.cutWait?.()
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = this.run()
  }

  async stop(): Promise<void> {
    this.running = false
    this.cutWait?.()
    await this.loop
    this.loop = null
  }

  private async run(): Promise<void> {
    while (this.running) {
      let worked = false
      try {
        worked = await this.step()
      } catch (e) {
        this.onError?.(e)
      }
      if (!worked) await this.idle()
      this.woken = false
    }
  }

  /** Waits idleMs, unless woken or stopped meanwhile (during the step) or while waiting. */
  private idle(): Promise<void> {
    if (this.woken || !this.running) return Promise.resolve()
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.idleMs)
      this.cutWait = done
      function done(): void {
        clearTimeout(timer)
        resolve()
      }
    }).finally(() => {
      this.cutWait = null
    })
  }
}

/** What every polled worker is told. */
export interface PollOptions {
  /** How long to wait after a step that found nothing to do (or failed). */
  readonly idleMs?: number
  /** Called with each failure the loop survives (algod down, database busy). */
  readonly onError?: (e: unknown) => void
}

/**
 * Something run by a PollLoop (the sender, the follower, the emailer): `worked` is one step, true
 * when it did something; `wake` cuts the idle wait short.
 */
export abstract class Polled<O extends PollOptions> {
  private polling: PollLoop | null = null
  /** The idle wait when the options give none. */
  protected abstract readonly defaultIdleMs: number

  constructor(protected readonly options: Partial<O> = {}) {}

  protected abstract worked(): Promise<boolean>

  /** Made on first use: a subclass's defaultIdleMs is set only after this constructor ran. */
  private get loop(): PollLoop {
    this.polling ??= new PollLoop(
      () => this.worked(),
      this.options.idleMs ?? this.defaultIdleMs,
      this.options.onError,
    )
    return this.polling
  }

  wake(): void {
    this.loop.wake()
  }

  start(): void {
    this.loop.start()
  }

  stop(): Promise<void> {
    return this.loop.stop()
  }
}

/** A polled worker of the database and algod. */
export abstract class PolledWorker<O extends PollOptions> extends Polled<O> {
  constructor(
    protected readonly database: Database,
    protected readonly algod: algosdk.Algodv2,
    options: Partial<O> = {},
  ) {
    super(options)
  }
}
