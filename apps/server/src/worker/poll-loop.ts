/**
 * The background loop the sender and the follower share: run a step; when it found nothing to do
 * (or failed: algod down, database busy), wait `idleMs` before the next, unless `wake()` or
 * `stop()` cuts the wait short.
 */
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
