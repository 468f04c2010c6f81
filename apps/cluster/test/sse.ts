/** Server-Sent Events over real HTTP for the cluster test: frames as a browser parses them. */
interface Frame {
  readonly event: string
  readonly data: string
}

export interface Stream {
  readonly frames: Frame[]
  waitFor(match: (f: Frame) => boolean, timeoutMs: number): Promise<Frame>
  close(): void
}

export async function openStream(url: string): Promise<Stream> {
  const abort = new AbortController()
  const response = await fetch(url, { signal: abort.signal })
  if (response.status !== 200 || response.body === null) {
    throw new Error(`${url}: HTTP ${String(response.status)}`)
  }
  const frames: Frame[] = []
  const waiters = new Set<() => void>()
  void (async () => {
    const decoder = new TextDecoder()
    let text = ''
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true })
        let cut: number
        while ((cut = text.indexOf('\n\n')) >= 0) {
          const fields = new Map<string, string>()
          for (const line of text.slice(0, cut).split('\n')) {
            const colon = line.indexOf(':')
            if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trim())
          }
          text = text.slice(cut + 2)
          const data = fields.get('data')
          if (data !== undefined) frames.push({ event: fields.get('event') ?? 'message', data })
          for (const w of waiters) w()
        }
      }
    } catch {
      // closed
    }
  })()
  return {
    frames,
    close: () => {
      abort.abort()
    },
    waitFor: (match, timeoutMs) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          const found = frames.find(match)
          if (found === undefined) return
          done()
          resolve(found)
        }
        const timer = setTimeout(() => {
          done()
          reject(new Error(`${url}: no such frame in ${String(timeoutMs)} ms`))
        }, timeoutMs)
        const done = (): void => {
          clearTimeout(timer)
          waiters.delete(check)
        }
        waiters.add(check)
        check()
      }),
  }
}
