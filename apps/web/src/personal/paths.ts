/** The signed-in account's pages (docs/product.md §12). */
export const personalPaths = {
  watchlist: '/watchlist',
  sessions: '/sessions',
} as const
