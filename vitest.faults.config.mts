import { defineConfig } from 'vitest/config';
import base from './vitest.config.mjs';

/**
 * The fault tests (tests/faults): real processes of the built site, so they run
 * after `npm run build`, one file at a time (each starts its own servers).
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
