import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Browser suites start servers and Chromium; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // A poll passes as soon as the page gets there; a busy machine may take more than the default
    // second to reload a page and fetch its data (seen in CI with the admin page on PostgreSQL).
    expect: { poll: { timeout: 10_000 } },
  },
})
