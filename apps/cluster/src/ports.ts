/** Free TCP ports on loopback, for the cluster's processes. */
import { createServer } from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => {
        resolve(port)
      })
    })
  })
}

/** Resolves once `url` answers 200, or rejects after `timeoutMs` with the last failure. */
export async function waitForHttp(
  url: string,
  timeoutMs: number,
  alive?: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    if (alive !== undefined && !alive()) throw new Error(`the process behind ${url} exited`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return
      last = `HTTP ${String(response.status)}`
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer within ${String(timeoutMs)} ms: ${last}`)
}
