/**
 * The notification email screen (issue 29): a collector signs in with KMD, opens Email
 * notifications from the account menu (/settings) and sees no address yet; a malformed address is
 * refused; a good one is saved and waits for its confirmation, which a real SMTP server in this
 * process receives; following the mailed link confirms it; a new address starts over; Remove
 * clears it. The page's read failing shows an error. At 390 px and 1280 px.
 */
import { startMailbox, type Mailbox } from '@unica/server/testing/mailbox'
import { accountNamed } from '../src/chain.js'
import { expect, test as base } from '../src/fixtures.js'
import { connectKmd, menu } from '../src/wallet.js'

const test = base.extend<{ mailbox: Mailbox }>({
  // eslint-disable-next-line no-empty-pattern
  mailbox: async ({}, use) => {
    const mailbox = await startMailbox()
    try {
      await use(mailbox)
    } finally {
      await mailbox.close()
    }
  },
  smtpUrl: async ({ mailbox }, use) => {
    await use(mailbox.url)
  },
})

/** The confirmation link mailed to `to` (the last one). */
async function linkMailedTo(mailbox: Mailbox, to: string): Promise<string> {
  await expect.poll(() => mailbox.mails.filter((m) => m.to.includes(to)).length).toBeGreaterThan(0)
  const mail = mailbox.mails.filter((m) => m.to.includes(to)).at(-1)!
  const link = /https?:\/\/\S+confirm\/\?token=[\w-]+/.exec(mail.text)?.[0]
  expect(link, mail.text).toBeDefined()
  return link!
}

for (const width of [390, 1280]) {
  test(`a collector sets, confirms, changes and removes the notification email (${String(width)} px)`, async ({
    page,
    devnet,
    mailbox,
    saveScreen,
    allowConsole,
  }) => {
    const shot = (name: string) => saveScreen(page, `${name}-${String(width)}`)
    await page.setViewportSize({ width, height: 900 })
    const collector = accountNamed(devnet, 'Wallet3')
    await page.goto('/')
    await connectKmd(page, collector)

    // Signed out, the page says how to get in.
    await page.goto('/settings')
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
    await expect(
      page.getByText('Sign in with your wallet to see where your notifications are mailed.'),
    ).toBeVisible()

    await menu(page, 'Sign in')
    await expect(page.getByRole('status').filter({ hasText: 'Signed in.' })).toBeVisible()
    await menu(page, 'Email notifications')
    await expect(page).toHaveURL(/\/settings$/)
    const email = page.getByRole('region', { name: 'Email notifications' })
    await expect(
      email.getByText('No email address set: notifications stay in the bell.'),
    ).toBeVisible()
    await shot('email-empty')

    // A malformed address is refused in words, by the field.
    const field = email.getByRole('textbox', { name: 'Email address' })
    await field.fill('not an address')
    await field.press('Enter')
    await expect(email.getByRole('alert')).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')

    // Set: the server mails a link; the address waits for it.
    await field.fill('collector@example.com')
    await email.getByRole('button', { name: 'Save address' }).click()
    await expect(email.getByRole('status')).toHaveText(
      'We sent a confirmation link to collector@example.com.',
    )
    await expect(email.getByText('collector@example.com', { exact: true })).toBeVisible()
    await expect(
      email.getByText('Not confirmed yet: follow the link we mailed to this address.'),
    ).toBeVisible()
    await shot('email-pending')

    // Following the mailed link opens a page that confirms it and says so.
    const link = await linkMailedTo(mailbox, 'collector@example.com')
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible()
    await expect(
      page.getByText('collector@example.com is confirmed: notifications will be mailed to it.'),
    ).toBeVisible()
    await shot('email-confirm-page')
    await page.getByRole('link', { name: 'Email settings' }).click()
    await expect(
      email.getByText('Confirmed: notifications are mailed to this address.'),
    ).toBeVisible()
    await shot('email-confirmed')

    // Change: a new address waits for its own confirmation.
    await email.getByRole('textbox', { name: 'New email address' }).fill('new@example.com')
    await email.getByRole('button', { name: 'Save address' }).click()
    await expect(email.getByText('new@example.com', { exact: true })).toBeVisible()
    await expect(
      email.getByText('Not confirmed yet: follow the link we mailed to this address.'),
    ).toBeVisible()
    await linkMailedTo(mailbox, 'new@example.com')

    // Remove.
    await email.getByRole('button', { name: 'Remove address' }).click()
    await expect(email.getByRole('status')).toHaveText('Email address removed.')
    await expect(
      email.getByText('No email address set: notifications stay in the bell.'),
    ).toBeVisible()

    // The read failing: the page says so instead of a form (the browser logs the failed read).
    allowConsole(
      /^\[error\] Failed to load resource: the server responded with a status of 500 .*\/api\/notifications\/email\/:0\)$/,
    )
    await page.route('**/api/notifications/email/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"down"}' }),
    )
    await page.reload()
    await expect(email.getByRole('alert')).toBeVisible()
    await expect(email.getByRole('textbox')).toHaveCount(0)
    await shot('email-error')
  })
}
