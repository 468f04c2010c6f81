/**
 * The marketplace's REST API as the web app calls it: a CSRF token and its cookie on every POST,
 * chain-lag answers (500 with `retry: true`) retried, and send_tx with the operation's status for
 * the trade round trip of @unica/contracts/flows.
 */
import type { TradeApi } from '@unica/contracts/flows'
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

  /** send_tx and the operation's status, for @unica/contracts/flows' sendTrade. */
  trades(): TradeApi<TradeOperation> {
    return {
      sendTx: async (signed, operation) => {
        const blob = Buffer.concat(signed).toString('base64')
        const answer = await this.post('/api/operations/send_tx/', { blob, operation })
        return (answer as { operation_id: string }).operation_id
      },
      operation: async (id) => {
        const status = OperationStatus.parse(await this.get(`/api/operations/${id}`))
        return {
          isPending: status.is_pending,
          isExecuted: status.is_executed,
          failureReason: status.failure_reason ?? null,
        }
      },
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
