/** The personal pages, loaded on demand (app.tsx). */
export { SessionsPage } from './sessions-page.js'
export { SettingsPage } from './settings-page.js'
export { ConfirmEmailPage } from './confirm-email-page.js'
export { WatchlistPage } from './watchlist-page.js'
