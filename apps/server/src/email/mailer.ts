/**
 * Mail through the SMTP server of `SMTP_URL` (nodemailer), for notifications by email
 * (docs/product.md §12). Unset: no mail at all, and the email routes answer 503.
 */
import nodemailer from 'nodemailer'

export interface Mailer {
  send(mail: { to: string; subject: string; text: string }): Promise<void>
  close(): void
}

/** `SMTP_FROM`'s default. */
const DEFAULT_FROM = 'Unica <no-reply@unica.invalid>'

export function smtpMailer(smtpUrl: string, from = DEFAULT_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail })
    },
    close: () => {
      transport.close()
    },
  }
}
