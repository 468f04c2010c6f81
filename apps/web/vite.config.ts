import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The server serves dist/ on the same origin as /api; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The WalletConnect v1 libraries inside the Pera and Defly SDKs read Node's `global`.
  define: { global: 'globalThis' },
  resolve: {
    // Defly's connect modal imports the full lottie-web, whose expression support calls eval; its
    // animations are plain SVG, which the light player (no eval) renders. Our Content-Security-
    // Policy allows no eval, so every import of lottie-web gets the light player.
    alias: [{ find: /^lottie-web$/, replacement: 'lottie-web/build/player/lottie_light.js' }],
  },
  server: {
    proxy: { '/api': process.env.UNICA_API_URL ?? 'http://localhost:8000' },
  },
  build: { outDir: 'dist', sourcemap: true },
})
