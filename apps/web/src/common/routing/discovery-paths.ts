/** Discovery's routes (docs/product.md §11), beside the spec's (paths.ts). */
export const discoveryPaths = {
  search: (q: string) => `/search?${new URLSearchParams({ q }).toString()}`,
  searchRoute: '/search',
  creator: (address: string) => `/creator/${address}`,
  account: (address: string) => `/account/${address}`,
  activity: '/activity',
} as const
