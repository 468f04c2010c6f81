/**
 * One API instance's live hub (docs/architecture.md "Live updates"): it LISTENs on the database's
 * live channel, reads each newly committed event once, and writes it to every connected stream
 * allowed to see it. All reads and joins run one after another, so a stream that joins with a
 * Last-Event-ID gets its backlog from the table and then everything newer, each event once and
 * in id order.
 */
import type { Database } from '../db/index.js'
import {
  liveChannel,
  liveEventBounds,
  liveEventsAfter,
  type LiveEvent,
} from '../db/repositories/live-events.js'
import { eventFrame, HEARTBEAT_FRAME } from './frames.js'

export interface LiveOptions {
  /** Comment frames this often on every stream (default 15 s). */
  readonly heartbeatMs?: number
  /** A stream whose unsent bytes exceed this is closed; it reconnects and resumes (256 KiB). */
  readonly maxBufferedBytes?: number
  /** Streams one instance serves at most (default 20,000); more are refused with 503. */
  readonly maxStreams?: number
  /** A resume needing more events than this gets `reset` instead (default 1,000). */
  readonly maxBacklog?: number
}

/** One connected stream, as the route gives it to the hub. */
export interface LiveStream {
  /** The signed-in account (its private events too), or null. */
  readonly account: string | null
  /** Writes a frame; answers how many bytes are still waiting to be sent. */
  write(frame: string): number
  /** Ends the stream (the browser reconnects with its Last-Event-ID). */
  end(): void
}

interface Joined {
  readonly stream: LiveStream
  /** The last event id written to it. */
  lastId: bigint
}

const READ_BATCH = 500

export class LiveHub {
  private readonly streams = new Set<Joined>()
  private readonly byStream = new Map<LiveStream, Joined>()
  /** Streams that left, possibly before their join ran (closed while the backlog was read). */
  private readonly left = new WeakSet<LiveStream>()
  private newest = 0n
  private queue: Promise<void> = Promise.resolve()
  private drainQueued = false
  private unlisten: (() => Promise<void>) | undefined
  private heartbeat: NodeJS.Timeout | undefined
  private readonly heartbeatMs: number
  private readonly maxBufferedBytes: number
  readonly maxStreams: number
  private readonly maxBacklog: number

  private constructor(
    private readonly database: Database,
    options: LiveOptions,
    private readonly onError: (error: unknown) => void,
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 15_000
    this.maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024
    this.maxStreams = options.maxStreams ?? 20_000
    this.maxBacklog = options.maxBacklog ?? 1000
  }

  static async start(
    database: Database,
    options: LiveOptions = {},
    onError: (error: unknown) => void = () => undefined,
  ): Promise<LiveHub> {
    const hub = new LiveHub(database, options, onError)
    hub.newest = (await liveEventBounds(database.db)).newest
    hub.unlisten = await database.listen(await liveChannel(database), () => {
      hub.wake()
    })
    hub.heartbeat = setInterval(() => {
      for (const joined of hub.streams) hub.send(joined, HEARTBEAT_FRAME)
    }, hub.heartbeatMs)
    hub.heartbeat.unref()
    // Events committed between reading `newest` and listening.
    hub.wake()
    return hub
  }

  get size(): number {
    return this.streams.size
  }

  /** The newest event id this hub has read. */
  get newestId(): bigint {
    return this.newest
  }

  /**
   * Adds a stream. Without `lastEventId` it starts now (a `ready` frame carries the current id,
   * so a reconnect resumes from here); with one, it first gets what it missed, or `reset` when
   * that is more than the backlog limit or no longer stored (then the client reloads its data).
   */
  join(stream: LiveStream, lastEventId: bigint | undefined): Promise<void> {
    return this.serial(async () => {
      const joined: Joined = { stream, lastId: this.newest }
      if (lastEventId === undefined) {
        this.send(joined, eventFrame(this.newest, 'ready', '{}'))
      } else {
        const backlog = await this.backlog(stream.account, lastEventId)
        if (backlog === 'reset') {
          this.send(joined, eventFrame(this.newest, 'reset', '{}'))
        } else {
          joined.lastId = lastEventId
          for (const event of backlog) this.deliver(joined, event)
          joined.lastId = this.newest
        }
      }
      if (this.closed(stream)) return
      this.streams.add(joined)
      this.byStream.set(stream, joined)
    })
  }

  leave(stream: LiveStream): void {
    const joined = this.byStream.get(stream)
    this.left.add(stream)
    if (joined === undefined) return
    this.byStream.delete(stream)
    this.streams.delete(joined)
  }

  /** Ends every stream and stops listening. */
  async stop(): Promise<void> {
    clearInterval(this.heartbeat)
    await this.unlisten?.()
    await this.queue
    for (const joined of this.streams) joined.stream.end()
    this.streams.clear()
    this.byStream.clear()
  }

  private closed(stream: LiveStream): boolean {
    return this.left.has(stream)
  }

  private async backlog(account: string | null, after: bigint): Promise<LiveEvent[] | 'reset'> {
    if (after > this.newest) return 'reset'
    const { oldest } = await liveEventBounds(this.database.db)
    // Older events were pruned (an id gap from a rolled-back transaction only costs a reload).
    if (oldest > 0n && after < oldest - 1n) return 'reset'
    const events = await liveEventsAfter(this.database.db, {
      after,
      upTo: this.newest,
      account,
      limit: this.maxBacklog + 1,
    })
    return events.length > this.maxBacklog ? 'reset' : events
  }

  /** A notification arrived: read what is new (once, however many notifications queue up). */
  private wake(): void {
    if (this.drainQueued) return
    this.drainQueued = true
    void this.serial(async () => {
      this.drainQueued = false
      await this.drain()
    })
  }

  private async drain(): Promise<void> {
    for (;;) {
      const events = await liveEventsAfter(this.database.db, {
        after: this.newest,
        limit: READ_BATCH,
      })
      for (const event of events) {
        this.newest = event.id
        for (const joined of this.streams) this.deliver(joined, event)
      }
      if (events.length < READ_BATCH) return
    }
  }

  private deliver(joined: Joined, event: LiveEvent): void {
    if (event.id <= joined.lastId) return
    if (event.account !== null && event.account !== joined.stream.account) return
    joined.lastId = event.id
    this.send(joined, eventFrame(event.id, event.kind, event.data))
  }

  /** Writes, closing a stream whose reader has fallen behind (bounded memory per client). */
  private send(joined: Joined, frame: string): void {
    if (joined.stream.write(frame) <= this.maxBufferedBytes) return
    this.leave(joined.stream)
    joined.stream.end()
  }

  private serial(task: () => Promise<void>): Promise<void> {
    const next = this.queue.then(task).catch((error: unknown) => {
      this.onError(error)
    })
    this.queue = next
    return next
  }
}
