import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { faceAssets } from './src/app/web-face-assets';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so that route files are split first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    faceAssets(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@locales': fileURLToPath(new URL('./locales', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/trpc': api,
      '/files': api,
      // Server-rendered pages (landing pages, sandbox consent and inbox, the popup's return page,
      // unsubscribe). Anchored patterns, so that SPA routes such as /social-profiles stay with Vite.
      '^/v/': api,
      '^/sandbox/': api,
      '^/social/': api,
      '^/unsubscribe/': api,
    },
  },
  // Static files (favicon) live with the web code.
  publicDir: 'src/web/public',
  build: {
    outDir: 'dist',
    // A running server may be serving dist/: never leave it empty mid-build. Old hashed assets stay
    // loadable for pages already open (src/app/build-web.ts builds aside and swaps instead).
    emptyOutDir: false,
  },
});
