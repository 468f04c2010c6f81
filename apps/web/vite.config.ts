import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The server serves dist/ on the same origin as /api; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The WalletConnect v1 libraries inside the Pera and Defly SDKs read Node's `global`.
  define: { global: 'globalThis' },
  server: {
    proxy: { '/api': process.env.UNICA_API_URL ?? 'http://localhost:8000' },
  },
  build: { outDir: 'dist', sourcemap: true },
})
