/** The routes of docs/product.md §2, with the named routes it uses internally. */
export const paths = {
  home: '/',
  featured: '/featured',
  allItems: '/all-items',
  forSale: '/for-sale',
  highestBids: '/highest-bids',
  recent: '/recently-added',
  /** Running auctions, the earliest end first (manager v3). */
  endingSoon: '/ending-soon',
  asset: (guid: string) => `/nft/${guid}`,
  /** AddAsset */
  addAsset: '/admin/add-nft',
  /** DeployContract (param id; query start=true) */
  deployContract: (guid: string, start = false) =>
    `/admin/add-nft/${guid.replaceAll('-', '')}${start ? '?start=true' : ''}`,
  /** BecomeCreator */
  becomeCreator: '/admin/apply',
  /** UserCreatedAssetList */
  createdAssets: '/admin/nft-list',
  /** UserAssetList */
  myNfts: '/my-nfts',
  /** UserBidList */
  myBids: '/my-bids',
  /** Cancel, delist and claim with only a wallet and the chain (issue 14). */
  rescue: '/rescue',
  /** The staff console (issue 19). */
  console: '/admin',
} as const
