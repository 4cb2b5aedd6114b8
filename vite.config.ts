/// <reference types="vitest/config" />
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

export default defineConfig({
  root: path.join(here, 'src/client'),
  publicDir: path.join(here, 'public'),
  plugins: [react()],
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/size.ts and test/bundle-budget.test.ts follow its imports per route.
    manifest: true,
    chunkSizeWarningLimit: 900,
    // Every browser we support has <link rel=modulepreload>; the polyfill only cost entry bytes.
    modulePreload: { polyfill: false },
  },
  test: {
    // The client root above is not where the tests live (STACK-NOTES "Other traps").
    root: here,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One file at a time: each API file opens its own databases, and argon2 is CPU-bound on 2 cores.
    fileParallelism: false,
  },
});
