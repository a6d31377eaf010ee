import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      // Pure code: no database, no browser; files run in parallel.
      { extends: true, test: { name: 'unit', include: ['lib/**/*.test.ts', 'workers/**/*.test.ts', 'components/**/*.test.ts', 'cli/**/*.test.ts'] } },
      // Real PostgreSQL (DATABASE_URL). One file at a time, so a test may assert that a failed
      // import left the whole database unchanged without another file writing meanwhile.
      { extends: true, test: { name: 'db', include: ['tests/**/*.test.ts'], fileParallelism: false } },
    ],
  },
});
