import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The player site lives under /m/; the server serves dist/ there with long-cache hashed assets.
export default defineConfig({
  base: '/m/',
  plugins: [react()],
  build: {
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/wps': 'http://localhost:8080', '/lgw': 'http://localhost:8080' },
  },
});
