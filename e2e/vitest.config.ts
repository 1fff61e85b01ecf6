import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // One browser at a time on a two-core machine; specs share the server started once.
    fileParallelism: false,
    // A screen's list or a saved document's title may take seconds to appear on a busy two-core machine: a poll
    // waits up to 10 s (vitest's own default, 1 s, fails a page that is merely slow).
    expect: { poll: { timeout: 10_000 } },
  },
});
