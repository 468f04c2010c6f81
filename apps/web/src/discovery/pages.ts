/** Discovery's pages (docs/product.md §11), one chunk loaded on demand by app.tsx. */
export { AccountPage } from './account-page.js'
export { ActivityPage } from './activity-page.js'
export { CreatorPage } from './creator-page.js'
export { SearchPage } from './search-page.js'
