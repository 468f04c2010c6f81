/** A Server-Sent Events client for tests: real HTTP (fetch), frames parsed as a browser would. */
export interface Frame {
  readonly id?: string
  readonly event: string
  readonly data: string
}

export interface SseClient {
  readonly status: number
  readonly headers: Headers
  /** Every frame received so far (comments excluded). */
  readonly frames: Frame[]
  /** Resolves with the first frame (already received or to come) matching, after `from`. */
  waitFor(match: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>
  close(): void
}

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseClient> {
  const abort = new AbortController()
  const response = await fetch(url, { headers, signal: abort.signal })
  const frames: Frame[] = []
  const waiters = new Set<() => void>()
  let finished = false
  const ended = (async () => {
    if (response.body === null) return
    const decoder = new TextDecoder()
    let text = ''
    try {
      for await (const chunk of response.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true })
        let cut: number
        while ((cut = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, cut)
          text = text.slice(cut + 2)
          const fields = new Map<string, string>()
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue
            const colon = line.indexOf(':')
            if (colon < 0) continue
            fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''))
          }
          if (!fields.has('data')) continue
          frames.push({
            id: fields.get('id'),
            event: fields.get('event') ?? 'message',
            data: fields.get('data') ?? '',
          })
          for (const w of waiters) w()
        }
      }
    } catch {
      // aborted by close()
    } finally {
      finished = true
      for (const w of waiters) w()
    }
  })()
  return {
    status: response.status,
    headers: response.headers,
    frames,
    ended,
    waitFor: (match, timeoutMs = 10_000) =>
      new Promise<Frame>((resolve, reject) => {
        const check = (): void => {
          const found = frames.find(match)
          if (found !== undefined) {
            done()
            resolve(found)
          } else if (finished) {
            done()
            reject(new Error(`stream ended without the frame; got ${JSON.stringify(frames)}`))
          }
        }
        const timer = setTimeout(() => {
          done()
          reject(new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`))
        }, timeoutMs)
        const done = (): void => {
          clearTimeout(timer)
          waiters.delete(check)
        }
        waiters.add(check)
        check()
      }),
    close: () => {
      abort.abort()
    },
  }
}
