/** The signed-in account's pages (docs/product.md §12). */
export const personalPaths = {
  watchlist: '/watchlist',
  sessions: '/sessions',
  /** Settings: where notifications are mailed (the account menu's "Email notifications"). */
  settings: '/settings',
  /** Where the confirmation mail's link leads (its `?token=`): confirms, then says so. */
  confirmEmail: '/settings/email/confirm',
} as const
