/**
 * The marketplace's REST API as the web app calls it: a CSRF token and its cookie on every POST,
 * chain-lag answers (500 with `retry: true`) retried, and send_tx operations polled until the
 * worker has settled them.
 */
import { OperationStatus, type TradeOperation } from '@unica/schemas'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what} answered ${String(status)}: ${body.slice(0, 300)}`)
  }
}

const sleep = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms)
  })

export class ApiClient {
  private session: { token: string; cookie: string } | undefined

  constructor(readonly baseUrl: string) {}

  async get(path: string): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      headers: { accept: 'application/json' },
    })
    const text = await response.text()
    if (!response.ok) throw new ApiError(response.status, text, `GET ${path}`)
    return JSON.parse(text) as unknown
  }

  /** POSTs JSON or a multipart form; retries while the server says the chain lags behind. */
  async post(path: string, body: FormData | Record<string, unknown>): Promise<unknown> {
    const { token, cookie } = await this.csrf()
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'x-csrftoken': token,
          cookie,
          ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        },
        body: body instanceof FormData ? body : JSON.stringify(body),
      })
      const text = await response.text()
      if (response.ok) return JSON.parse(text) as unknown
      if (response.status === 500 && attempt < 100 && isRetry(text)) {
        await sleep(100)
        continue
      }
      throw new ApiError(response.status, text, `POST ${path}`)
    }
  }

  /** send_tx, then polls the operation; throws with the chain's reason unless it executed. */
  async sendTx(signed: Uint8Array[], operation: TradeOperation): Promise<void> {
    const blob = Buffer.concat(signed).toString('base64')
    const { operation_id: id } = (await this.post('/api/operations/send_tx/', {
      blob,
      operation,
    })) as { operation_id: string }
    const deadline = Date.now() + 60_000
    for (;;) {
      const status = OperationStatus.parse(await this.get(`/api/operations/${id}`))
      if (!status.is_pending) {
        if (status.is_executed) return
        throw new Error(`${operation} failed: ${status.failure_reason ?? 'no reason given'}`)
      }
      if (Date.now() > deadline) throw new Error(`${operation} still pending after 60 s`)
      await sleep(50)
    }
  }

  private async csrf(): Promise<{ token: string; cookie: string }> {
    if (this.session !== undefined) return this.session
    const response = await fetch(`${this.baseUrl}/api/token/`)
    if (!response.ok) throw new ApiError(response.status, await response.text(), 'GET /api/token/')
    const { token } = (await response.json()) as { token: string }
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    this.session = { token, cookie }
    return this.session
  }
}

function isRetry(text: string): boolean {
  try {
    return (JSON.parse(text) as { retry?: unknown }).retry === true
  } catch {
    return false
  }
}
