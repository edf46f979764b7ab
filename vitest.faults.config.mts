import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The fault tests (tests/faults): real processes of the built site, so they run
 * after `npm run build`, one file at a time (each starts its own servers).
 */
export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      'server-only': path.resolve(import.meta.dirname, 'tests/support/empty.ts'),
    },
  },
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
