/**
 * One API instance's live hub (docs/architecture.md "Live updates"): it LISTENs on the database's
 * live channel, reads each newly committed event once, and writes it to every connected stream
 * allowed to see it. All reads and joins run one after another, so a stream that joins with a
 * Last-Event-ID gets its backlog from the table and then everything newer, each event once and
 * in id order.
 *
 * Fan-out is the cost that grows with the streams (5,000 on one instance, apps/server/README.md
 * "Benchmark"): nothing is read or encoded per stream. Each batch of events read together is
 * encoded once into one Buffer of its public frames, and every stream gets that same Buffer in a
 * single write (one system call per stream per batch, however many events it holds). Only a
 * stream whose account has private events in the batch gets a Buffer of its own, made once per
 * account.
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
  /** Writes frames (never changed after); answers how many bytes are still waiting to be sent. */
  write(frames: Buffer): number
  /** Ends the stream (the browser reconnects with its Last-Event-ID). */
  end(): void
}

const READ_BATCH = 500

const frameOf = (event: LiveEvent): Buffer => eventFrame(event.id, event.kind, event.data)

export class LiveHub {
  private readonly streams = new Set<LiveStream>()
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
      for (const stream of hub.streams) hub.send(stream, HEARTBEAT_FRAME)
    }, hub.heartbeatMs)
    hub.heartbeat.unref()
    // Events committed between reading `newest` and listening.
    hub.wake()
    return hub
  }

  /** The streams connected now (the SSE-clients gauge of /metrics reads it). */
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
      if (lastEventId === undefined) {
        this.send(stream, eventFrame(this.newest, 'ready', '{}'))
      } else {
        const backlog = await this.backlog(stream.account, lastEventId)
        if (backlog === 'reset') {
          this.send(stream, eventFrame(this.newest, 'reset', '{}'))
        } else if (backlog.length > 0) {
          this.send(stream, Buffer.concat(backlog.map(frameOf)))
        }
      }
      if (this.closed(stream)) return
      this.streams.add(stream)
    })
  }

  leave(stream: LiveStream): void {
    this.left.add(stream)
    this.streams.delete(stream)
  }

  /** Ends every stream and stops listening. */
  async stop(): Promise<void> {
    clearInterval(this.heartbeat)
    await this.unlisten?.()
    await this.queue
    for (const stream of this.streams) stream.end()
    this.streams.clear()
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
      if (events.length > 0) {
        this.newest = events[events.length - 1].id
        this.fanOut(events)
      }
      if (events.length < READ_BATCH) return
    }
  }

  /** Writes a batch of events to every stream: one shared Buffer, one write per stream. */
  private fanOut(events: readonly LiveEvent[]): void {
    const frames = events.map(frameOf)
    const isPublic = events.map((e) => e.account === null)
    const publicFrames = Buffer.concat(frames.filter((_, i) => isPublic[i]))
    const owners = new Set(events.flatMap((e) => (e.account === null ? [] : [e.account])))
    /** An account's own Buffer (its private events among the public ones, in id order). */
    const own = new Map<string, Buffer>()
    const ownFrames = (account: string): Buffer => {
      let b = own.get(account)
      if (b === undefined) {
        b = Buffer.concat(frames.filter((_, i) => isPublic[i] || events[i].account === account))
        own.set(account, b)
      }
      return b
    }
    for (const stream of this.streams) {
      const account = stream.account
      const mine = account !== null && owners.has(account) ? ownFrames(account) : publicFrames
      if (mine.length > 0) this.send(stream, mine)
    }
  }

  /** Writes, closing a stream whose reader has fallen behind (bounded memory per client). */
  private send(stream: LiveStream, frames: Buffer): void {
    if (stream.write(frames) <= this.maxBufferedBytes) return
    this.leave(stream)
    stream.end()
  }

  private serial(task: () => Promise<void>): Promise<void> {
    const next = this.queue.then(task).catch((error: unknown) => {
      this.onError(error)
    })
    this.queue = next
    return next
  }
}
