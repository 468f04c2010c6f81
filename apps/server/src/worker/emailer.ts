/**
 * Mails notifications to the accounts that confirmed an address (docs/product.md §12): claims a
 * batch (marked 'sending' and committed first, so a crash mid-send never mails one twice), sends
 * each, then marks it 'sent'; an SMTP refusal retries it later, up to MAX_ATTEMPTS.
 */
import type { Database } from '../db/index.js'
import {
  claimMail,
  markMailed,
  markMailRefused,
  type MailJob,
} from '../db/repositories/notification-emails.js'
import type { Mailer } from '../email/mailer.js'
import { NotificationKind, notificationText } from '@unica/schemas'
import { Polled } from './poll-loop.js'

const BATCH = 20

/** USDC base units as a decimal ('2.5'), trailing zeros dropped. */
function formatUnits(units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals)
  const fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction === '' ? (units / scale).toString() : `${String(units / scale)}.${fraction}`
}
const MAX_ATTEMPTS = 5

export interface EmailerOptions {
  /** Links in the mail point here (PUBLIC_URL). */
  readonly publicUrl: string
  readonly usdcDecimals: number
  /** Wait after a refusal before trying again (doubled per attempt). */
  readonly retryMs?: number
  readonly idleMs?: number
  readonly onError?: (e: unknown) => void
}

function mailOf(
  job: MailJob,
  options: Pick<EmailerOptions, 'publicUrl' | 'usdcDecimals'>,
): { to: string; subject: string; text: string } {
  const amount = `${formatUnits(job.value, options.usdcDecimals)} USDC`
  const kind = NotificationKind.safeParse(job.kind)
  const line = kind.success
    ? notificationText(kind.data, job.assetName, amount)
    : `News about ${job.assetName}.`
  return {
    to: job.to,
    subject: `Unica: ${line}`,
    text: `${line}\n\n${options.publicUrl.replace(/\/+$/, '')}/nft/${job.guid}\n\nYou get this because you asked for notifications by email on Unica; remove your address in the app to stop.\n`,
  }
}

export class Emailer extends Polled<EmailerOptions> {
  protected readonly defaultIdleMs = 2000

  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly settings: EmailerOptions,
  ) {
    super(settings)
  }

  protected worked(): Promise<boolean> {
    return this.step()
  }

  /** Mails one batch; answers whether there was any. */
  async step(): Promise<boolean> {
    const jobs = await this.database.transaction((s) => claimMail(s.db, BATCH))
    const { db } = this.database
    for (const job of jobs) {
      try {
        await this.mailer.send(mailOf(job, this.settings))
      } catch (e) {
        this.settings.onError?.(e)
        const delay = (this.settings.retryMs ?? 60_000) * 2 ** job.attempts
        await markMailRefused(db, job, delay, MAX_ATTEMPTS)
        continue
      }
      await markMailed(db, job.id)
    }
    return jobs.length > 0
  }
}
