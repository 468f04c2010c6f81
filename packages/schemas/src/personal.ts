/**
 * The signed-in account's own things (docs/product.md §12 and "Notifications"): the
 * pieces it watches and what happened to its pieces, bids and watched pieces. Every route needs
 * the session cookie (401 otherwise); X-View-As grants nothing here.
 */
import { z } from 'zod'
import { Asset } from './assets.js'

export const WatchlistAnswer = z.object({ results: z.array(Asset) })
export type WatchlistAnswer = z.infer<typeof WatchlistAnswer>

export const WatchAnswer = z.object({ guid: z.string(), watched: z.boolean() })
export type WatchAnswer = z.infer<typeof WatchAnswer>

/**
 * outbid: another bid beat yours; bid_received: a bid on your piece; sold: your piece was bought
 * (buy now); bid_accepted: the owner sold to your bid (sell now); watched_listed: a piece you
 * watch was listed or its price changed; royalty_paid: a resale paid you your royalty cut (paid,
 * or held by the contract for you to claim). Auctions (manager v3): auction_outbid: a higher
 * auction bid refunded yours; auction_bid: a bid on your auction; auction_won: the auction was
 * settled and the piece is yours; auction_ended: your auction was settled, sold to its highest bid.
 */
export const NOTIFICATION_KINDS = [
  'outbid',
  'bid_received',
  'sold',
  'bid_accepted',
  'watched_listed',
  'royalty_paid',
  'auction_outbid',
  'auction_bid',
  'auction_won',
  'auction_ended',
] as const
export const NotificationKind = z.enum(NOTIFICATION_KINDS)
export type NotificationKind = z.infer<typeof NotificationKind>

/** What a notification says, on the bell and in its email: `amount` is already formatted. */
export function notificationText(kind: NotificationKind, piece: string, amount: string): string {
  switch (kind) {
    case 'outbid':
      return `You were outbid on ${piece}: ${amount}.`
    case 'bid_received':
      return `New bid of ${amount} on your ${piece}.`
    case 'sold':
      return `Your ${piece} sold for ${amount}.`
    case 'bid_accepted':
      return `Your bid of ${amount} on ${piece} was accepted: it is yours.`
    case 'watched_listed':
      return `${piece}, which you watch, is for sale at ${amount}.`
    case 'auction_outbid':
      return `You were outbid in the auction of ${piece}: ${amount}. Your bid was refunded.`
    case 'auction_bid':
      return `New bid of ${amount} in your auction of ${piece}.`
    case 'auction_won':
      return `You won the auction of ${piece} for ${amount}: it is yours.`
    case 'auction_ended':
      return `Your auction of ${piece} ended: sold for ${amount}.`
    case 'royalty_paid':
      return `${piece} resold: your royalty is ${amount}.`
  }
}

export const Notification = z.object({
  id: z.string(),
  kind: NotificationKind,
  guid: z.string(),
  asset_name: z.string(),
  /** The operation's amount (USDC base units, decimal string). */
  value: z.string(),
  tx_id: z.string(),
  read: z.boolean(),
  created_at: z.string(),
})
export type Notification = z.infer<typeof Notification>

export const NotificationList = z.object({
  unread: z.number().int(),
  /** The newest 100, newest first. */
  results: z.array(Notification),
})
export type NotificationList = z.infer<typeof NotificationList>

export const NotificationIdParam = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'Not a notification id.'),
})

/** Notifications by email: the account's address, whether confirmed, and whether the server mails. */
export const EmailSettings = z.object({
  address: z.string().nullable(),
  confirmed: z.boolean(),
  /** The server has an SMTP server (SMTP_URL); without one no mail is sent. */
  available: z.boolean(),
})
export type EmailSettings = z.infer<typeof EmailSettings>

export const EmailBody = z.object({
  address: z.email({ error: 'Invalid email.' }).max(254, 'Invalid email.'),
})

export const EmailConfirmQuery = z.object({
  token: z.string().min(1).max(100),
})
