import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default in a run is one worker less than the cores: one on this 2-core machine,
    // with a core idle while a test waits on its database. Two finish the API suite ~1.3× sooner.
    maxWorkers: 2,
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
        // Components as a user meets them: rendered by React in jsdom, driven with Testing
        // Library. The libraries load from node_modules as Node loads them (nothing inlined).
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/test-setup.ts'],
          // hydration.test.tsx counts tailwind-merge's calls: a module spied on must be inlined.
          server: { deps: { inline: ['tailwind-merge'] } },
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
