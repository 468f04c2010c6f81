/**
 * The SSE clients of `npm run bench -- live`, in a child process of their own (forked by
 * live.ts), so that reading 5,000 streams does not take the CPU of the server it measures. Each
 * client is a bare TCP socket sending one GET /api/events and scanning what arrives for the
 * bench's event markers (`bench-N.`); no HTTP client library sits between the bytes and the clock.
 *
 * Times are CLOCK_MONOTONIC (`process.hrtime`), which every process on the machine shares, so the
 * parent compares them with its commit times directly.
 */
import { connect, type Socket } from 'node:net'
import { pathToFileURL } from 'node:url'

/** What the parent sends: open `count` streams on `url`, then `close`. */
export type ToClients =
  | { readonly type: 'open'; readonly url: string; readonly count: number }
  | { readonly type: 'close' }

/** What this process answers. */
export type FromClients =
  | { readonly type: 'connected' }
  /** Every stream of this process has event N; `times` are their arrival times (ms, monotonic). */
  | { readonly type: 'arrived'; readonly event: number; readonly times: number[] }
  | { readonly type: 'failed'; readonly message: string }

/** Milliseconds on the machine-wide monotonic clock. */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6

/** Connections opened at once while connecting (the server's accept queue stays short). */
const OPENING_AT_ONCE = 100

const MARKER = /bench-(\d+)\./g

interface Stream {
  readonly socket: Socket
  /** The end of the last chunk after its last line break (a marker may straddle two chunks). */
  carry: string
}

const send = (message: FromClients): void => {
  process.send?.(message)
}

function open(url: URL, count: number): Stream[] {
  const streams: Stream[] = []
  /** Arrival times of each event, one per stream, until every stream has it. */
  const arrivals = new Map<number, number[]>()
  let ready = 0
  let opened = 0
  const openOne = (): void => {
    if (opened === count) return
    opened++
    const socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true })
    const stream: Stream = { socket, carry: '' }
    let isReady = false
    socket.setEncoding('latin1')
    socket.on('connect', () => {
      socket.write(
        `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`,
      )
    })
    socket.on('data', (chunk: string) => {
      const now = monotonicMs()
      const text = stream.carry + chunk
      const cut = text.lastIndexOf('\n')
      stream.carry = cut < 0 ? text : text.slice(cut + 1)
      const whole = cut < 0 ? '' : text.slice(0, cut)
      if (!isReady && whole.includes('event: ready')) {
        isReady = true
        ready++
        openOne()
        if (ready === count) send({ type: 'connected' })
      }
      for (const match of whole.matchAll(MARKER)) {
        const event = Number(match[1])
        const times = arrivals.get(event) ?? []
        times.push(now)
        arrivals.set(event, times)
        if (times.length === count) {
          arrivals.delete(event)
          send({ type: 'arrived', event, times })
        }
      }
      if (!isReady && whole.startsWith('HTTP/1.1 ') && !whole.startsWith('HTTP/1.1 200')) {
        send({ type: 'failed', message: `GET /api/events answered ${whole.slice(9, 12)}` })
      }
    })
    socket.on('error', (error) => {
      send({ type: 'failed', message: error.message })
    })
    streams.push(stream)
  }
  for (let i = 0; i < Math.min(OPENING_AT_ONCE, count); i++) openOne()
  return streams
}

/** Serves the parent, only when this file is the forked process (live.ts imports it too). */
function serve(): void {
  let streams: Stream[] = []
  process.on('message', (message: ToClients) => {
    if (message.type === 'open') {
      streams = open(new URL(message.url), message.count)
    } else {
      for (const s of streams) s.socket.destroy()
      process.disconnect()
    }
  })
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  serve()
}
