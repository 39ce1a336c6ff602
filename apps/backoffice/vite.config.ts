import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The operator console lives under /bo/; its API under /bo/api/.
export default defineConfig({
  base: '/bo/',
  plugins: [react()],
  build: { target: 'es2022', reportCompressedSize: false },
  server: { proxy: { '/bo/api': 'http://localhost:8080', '/wps': 'http://localhost:8080' } },
});
