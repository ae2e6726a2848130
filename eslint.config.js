import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import importCycles from './lint-rules/import-cycles.js';

/*
 * Import boundaries (ARCHITECTURE.md): imports point one way.
 *   src/domain  imports neither server nor web, nor Node's modules (it runs in the browser too);
 *   src/server  never imports web;  src/web never imports server;
 *   src/web/lib and src/web/components never import features;
 *   pages and features reach a feature only through its public index.ts (@/web/features/<name>).
 * Each rule below is the whole `no-restricted-imports` setting for its files (flat config
 * replaces a rule's options, it does not merge them), so the file sets are disjoint.
 */
const NODE_BUILTINS =
  'assert|async_hooks|buffer|child_process|cluster|crypto|dgram|dns|events|fs|http|http2|https|module|net|os|path|perf_hooks|process|querystring|readline|stream|string_decoder|timers|tls|tty|url|util|v8|vm|worker_threads|zlib';

const NOT_SERVER = {
  group: ['@/server', '@/server/**', '**/server/**'],
  message: 'Boundary: only src/server (and tests) may import the server.',
};
const NOT_WEB = {
  group: ['@/web', '@/web/**', '**/web/**'],
  message: 'Boundary: only src/web may import the web app.',
};
const NOT_NODE = {
  regex: `^(node:|(${NODE_BUILTINS})(/|$))`,
  message: 'Boundary: src/domain is pure and runs in the browser too; no Node modules.',
};
const NOT_FEATURES = {
  group: ['@/web/features', '@/web/features/**', '**/features/**'],
  message: 'Boundary: web/lib and web/components sit below features and never import them.',
};
const FEATURE_INDEX_ONLY = {
  group: ['@/web/features/*/**', './features/*/**'],
  message: "Boundary: import a feature through its public index.ts ('@/web/features/<name>').",
};
/** A relative path that climbs out of the importing file's feature folder. */
const outOfFeature = (climb) => ({
  group: [`${climb}*`],
  message: "Boundary: reach another feature through '@/web/features/<name>', not a relative path.",
});

const boundary = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'drizzle', 'data', 'test-results', 'playwright-report', '.data-*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['src/domain/**/*.{ts,tsx}'], rules: boundary(NOT_SERVER, NOT_WEB, NOT_NODE) },
  { files: ['src/server/**/*.{ts,tsx}'], rules: boundary(NOT_WEB) },
  {
    files: ['src/web/lib/**/*.{ts,tsx}', 'src/web/components/**/*.{ts,tsx}'],
    rules: boundary(NOT_SERVER, NOT_FEATURES),
  },
  {
    files: ['src/web/*.{ts,tsx}', 'src/web/pages/**/*.{ts,tsx}'],
    rules: boundary(NOT_SERVER, FEATURE_INDEX_ONLY),
  },
  {
    files: ['src/web/features/*/*.{ts,tsx}'],
    rules: boundary(NOT_SERVER, FEATURE_INDEX_ONLY, outOfFeature('../')),
  },
  {
    files: ['src/web/features/*/*/*.{ts,tsx}'],
    rules: boundary(NOT_SERVER, FEATURE_INDEX_ONLY, outOfFeature('../../')),
  },
  {
    // No import cycles anywhere in src, type-only imports included (docs/decisions/0084: our own
    // rule, as import-x/no-cycle skips `import type`), and the server's layers as zones
    // (docs/decisions/0075): services sit below http, jobs and routes and never import them.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, velvet: importCycles },
    settings: {
      // Without these, import-x reads only .js files and resolves no .ts import.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          alias: { '@': [path.resolve(import.meta.dirname, 'src')] },
        }),
      ],
    },
    rules: {
      'velvet/no-import-cycle': ['error', { alias: { '@': path.resolve(import.meta.dirname, 'src') } }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/server/services',
              from: ['./src/server/http', './src/server/jobs', './src/server/routes'],
              message: 'Layers: services sit below http, jobs and routes and never import them.',
            },
            {
              target: './src/domain',
              from: ['./src/server', './src/web'],
              message: 'Layers: src/domain imports nothing from src/server or src/web.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ['tests/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
