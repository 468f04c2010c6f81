/**
 * A real SMTP server in this process (the `smtp-server` package), for tests that need the mails
 * the server sends: nodemailer talks SMTP to it over loopback. Shared by the server's email tests
 * and the browser's email spec (`@unica/server/testing/mailbox`), so neither restates it.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface Mail {
  readonly to: string[]
  /** The body as read: nodemailer writes text bodies quoted-printable. */
  readonly text: string
}

export interface Mailbox {
  /** `smtp://127.0.0.1:{port}`, the server's SMTP_URL. */
  readonly url: string
  /** Every mail accepted, in order. */
  readonly mails: readonly Mail[]
  /** Refuses the next message with this SMTP reply code (451: try again later). */
  refuseNext(code: number): void
  close(): Promise<void>
}

const quotedPrintable = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

export async function startMailbox(): Promise<Mailbox> {
  const mails: Mail[] = []
  let refuseWith: number | null = null
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (refuseWith !== null) {
          const error = Object.assign(new Error('Try again later'), { responseCode: refuseWith })
          refuseWith = null
          callback(error)
          return
        }
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: quotedPrintable(Buffer.concat(chunks).toString('utf8')),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    mails,
    refuseNext(code) {
      refuseWith = code
    },
    close: () =>
      new Promise<void>((resolve) => {
        smtp.close(() => {
          resolve()
        })
      }),
  }
}
