/**
 * Server-Sent Events frames (the WHATWG event-stream format): `id` is what a reconnecting
 * browser sends back as Last-Event-ID; `data` is one line of JSON (JSON.stringify never writes a
 * raw line break). Frames are Buffers, made once per event and written as they are to every
 * stream (a string would be encoded again for each of thousands of sockets).
 */
export const eventFrame = (id: bigint, kind: string, data: string): Buffer =>
  Buffer.from(`id: ${id}\nevent: ${kind}\ndata: ${data}\n\n`)

/** A comment line: keeps proxies and the browser from timing the stream out. */
export const HEARTBEAT_FRAME = Buffer.from(': heartbeat\n\n')

/** How long a browser waits before reconnecting after the stream ends. */
export const retryFrame = (ms: number): Buffer => Buffer.from(`retry: ${ms}\n\n`)
