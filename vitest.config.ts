import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { preactAliases } from './vite.config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: ['src/web/**', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        // Components as a user meets them: rendered in jsdom, driven with Testing Library, on
        // Preact's compat layer like the browser (decision 35). Inlined, so that Testing Library
        // and the libraries' own imports of React resolve to it too.
        plugins: [react()],
        resolve: {
          alias: [{ find: '@', replacement: alias['@'] }, ...preactAliases],
          dedupe: ['preact'],
          // The ES module builds (as the browser gets): a CommonJS build's require('react')
          // would bypass the aliases.
          conditions: ['module', 'browser', 'development'],
          mainFields: ['module', 'main'],
        },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/test-setup.ts'],
          server: { deps: { inline: true } },
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
