/** The signed-in account's pages (docs/product.md "Watchlist", "Sign-in"). */
export const personalPaths = {
  watchlist: '/watchlist',
  sessions: '/sessions',
} as const
