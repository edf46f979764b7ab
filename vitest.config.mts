import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      // `server-only` fences the browser's bundles; tests import server code directly.
      'server-only': path.resolve(import.meta.dirname, 'scripts/server-only-stub.ts'),
    },
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
    ],
    environment: 'node',
    // One more worker than cores (Vitest's own default is one fewer): many of the
    // integration tests wait on a database, a timer or a child process, and
    // another file runs meanwhile.
    maxWorkers: availableParallelism() + 1,
  },
});
