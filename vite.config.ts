import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    // No source maps in the production build: the served scripts carry no sourceMappingURL.
    sourcemap: false,
    // .vite/manifest.json: the server preloads a rendered page's scripts from it (src/server/ssr.ts).
    manifest: true,
  },
  server: { proxy },
  preview: { proxy },
});
