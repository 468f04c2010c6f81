/** The signed-in account's pages (docs/product.md §12). */
export const personalPaths = {
  watchlist: '/watchlist',
  sessions: '/sessions',
  /** Settings: where notifications are mailed (the account menu's "Email notifications"). */
  settings: '/settings',
} as const
