import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localesPlugin } from './vite-locales.ts';

const BASE = '/m/';
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('dist/production/index.mjs', import.meta.resolve('react-router/package.json')),
);

// The player site lives under /m/; the server serves dist/ there with long-cache hashed assets and
// renders home's first screen with dist-ssr/ (`vite build --ssr`).
export default defineConfig(({ isSsrBuild, mode }) => ({
  base: BASE,
  // React Router's package exports name only its development build (warnings and invariant texts);
  // the site's production build takes the production one it ships beside it (some 2 KB lighter).
  resolve:
    mode === 'production' && !isSsrBuild
      ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] }
      : {},
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
    chunkSizeWarningLimit: 400,
    // Everything the first page needs goes in one file: one gzip stream compresses the framework and
    // the shell together some 2 KB better than the eight shared pieces the splitter would make.
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'home', tags: ['$initial'] }] } } },
  },
  server: {
    proxy: {
      '/wps/live': { target: 'ws://localhost:8080', ws: true },
      '/wps': 'http://localhost:8080',
      '/lgw': 'http://localhost:8080',
    },
  },
}));
