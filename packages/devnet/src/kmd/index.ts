export { registerKmd, KMD_PUBLIC_PATHS } from './routes.js'

export { DEFAULT_WALLET_NAME, DEFAULT_WALLET_PASSWORD } from './default-wallet.js'
