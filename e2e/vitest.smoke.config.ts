import { defineConfig } from 'vitest/config';

/** The embedded-database smoke test: its own server, no browser, no shared global set-up. */
export default defineConfig({
  test: {
    include: ['smoke/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
