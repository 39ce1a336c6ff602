import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localesPlugin } from './vite-locales.ts';

const BASE = '/m/';

// The player site lives under /m/; the server serves dist/ there with long-cache hashed assets and
// renders home's first screen with dist-ssr/ (`vite build --ssr`).
export default defineConfig(({ isSsrBuild }) => ({
  base: BASE,
  // The server's build (entry-server.tsx) renders markup only: the site's build serves the files.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), localesPlugin(path.resolve(import.meta.dirname, '../../packages/i18n/locales'), BASE)],
  build: {
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    // The server reads it to preload home's first-screen chunk from the page (player-page.ts).
    manifest: true,
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/wps': 'http://localhost:8080', '/lgw': 'http://localhost:8080' },
  },
}));
