/**
 * The benchmark's HTTP transport for algosdk: algosdk v3's `BaseHTTPClient` on `node:http` with
 * a keep-alive Agent. algosdk's default client goes through `fetch` (undici), whose per-request
 * cost in the load generator was a large part of the measured time; the benchmark measures the
 * devnet, so its client should be cheap. It is still algosdk over REST: algosdk builds every
 * request and decodes every answer; this only moves the bytes.
 */
import { Agent, request } from 'node:http'
import type { BaseHTTPClient, BaseHTTPClientResponse } from 'algosdk'

/** algosdk's query values: strings, numbers, bigints and flags. */
type Query = Readonly<Record<string, string | number | bigint | boolean | undefined>> | undefined

/** What algosdk expects a failed request to throw (its `BaseHTTPClientError`). */
class HttpStatusError extends Error {
  constructor(readonly response: BaseHTTPClientResponse) {
    super(`Network request error. Received status ${response.status}`)
  }
}

export class KeepAliveHttpClient implements BaseHTTPClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 })
  private readonly base: URL

  constructor(
    baseUrl: string,
    private readonly token: Readonly<Record<string, string>>,
  ) {
    this.base = new URL(baseUrl)
  }

  get(path: string, query?: Query, headers?: Record<string, string>) {
    return this.send('GET', path, undefined, query, headers)
  }

  post(path: string, data: Uint8Array, query?: Query, headers?: Record<string, string>) {
    return this.send('POST', path, data, query, headers)
  }

  delete(path: string, data?: Uint8Array, query?: Query, headers?: Record<string, string>) {
    return this.send('DELETE', path, data, query, headers)
  }

  /** Closes the idle keep-alive sockets. */
  close(): void {
    this.agent.destroy()
  }

  private send(
    method: string,
    path: string,
    body: Uint8Array | undefined,
    query: Query,
    headers: Record<string, string> | undefined,
  ): Promise<BaseHTTPClientResponse> {
    const url = new URL(path, this.base)
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value))
    }
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            ...this.token,
            ...headers,
            ...(body === undefined ? {} : { 'content-length': String(body.length) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('error', reject)
          res.on('end', () => {
            const response: BaseHTTPClientResponse = {
              body: new Uint8Array(Buffer.concat(chunks)),
              status: res.statusCode ?? 0,
              headers: Object.fromEntries(
                Object.entries(res.headers).map(([k, v]) => [k, String(v)]),
              ),
            }
            if (response.status >= 200 && response.status < 300) resolve(response)
            else reject(new HttpStatusError(response))
          })
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }
}
