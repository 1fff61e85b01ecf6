import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // One browser at a time within a part: the specs of a part share the server its set-up starts (`npm test` runs two
    // parts at once, each with its own server and database).
    fileParallelism: false,
    // A screen's list or a saved document's title may take seconds to appear on a busy two-core machine: a poll
    // waits up to 10 s (vitest's own default, 1 s, fails a page that is merely slow).
    expect: { poll: { timeout: 10_000 } },
  },
});
