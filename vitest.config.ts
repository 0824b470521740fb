import { defineConfig } from 'vitest/config'

/**
 * Files of test/unit that build whole sites, start parse threads or check a hand-written fast
 * path against its library on generated inputs: seconds to minutes each. They run with the
 * integration project, so that the unit project (`npm run test:unit`) stays a loop of seconds.
 */
const SLOW_UNITS = [
  'attention',
  'body-postings',
  'build-bodies',
  'build-progress',
  'build-site',
  'error-catalogue',
  'incremental-build',
  'markdown-spec-suites',
  'mascot-assets',
  'one-copy',
  'page-lock',
  'parse-cache',
  'parse-pool',
  'prebuilt-bundle',
  'publish-files',
  'reference-docs',
  'search-cache',
  'search-exact',
  'search-incremental',
  'search-index',
  'search-job',
  'search-packed',
  'search-shards',
  'search-tiers',
  'serve-comments',
  'serve-body-edit',
  'serve-ranges',
  'site-content',
  'site-headers',
  'valine-config',
  'vssue-config',
  'vssue-platforms',
  'vue-components',
  'vuepress-pages',
  'write-html',
  'write-output-staged',
].map((name) => `test/unit/${name}.test.{ts,tsx}`)

const TESTS = '*.test.{ts,tsx}'

export default defineConfig({
  test: {
    // One pool for every project: files of all four run side by side, two at a time (browser
    // suites start servers and Chromium; two suit a 2-core machine).
    pool: 'forks',
    maxWorkers: 2,
    // A poll passes as soon as the page gets there; a busy machine may take more than the default
    // second to reload a page and fetch its data (seen in CI with the admin page on PostgreSQL).
    expect: { poll: { timeout: 10_000 } },
    projects: [
      // Functions on values, in process: a test taking seconds is a bug or belongs elsewhere. Its
      // files share each worker's modules (isolate: false): importing the sources again for every
      // file was two thirds of its CPU time.
      { extends: true, test: { name: 'unit', include: [`test/unit/**/${TESTS}`], exclude: SLOW_UNITS, testTimeout: 10_000, hookTimeout: 10_000, isolate: false } },
      // The comment service: its parts, on Node and workerd, with SQLite, PostgreSQL and D1.
      { extends: true, test: { name: 'proxy', include: [`test/proxy/**/${TESTS}`], testTimeout: 60_000, hookTimeout: 120_000 } },
      // Whole builds and the compiled CLI, as a user runs them.
      { extends: true, test: { name: 'integration', include: [`test/integration/**/${TESTS}`, ...SLOW_UNITS], testTimeout: 60_000, hookTimeout: 120_000 } },
      // Chromium on built and served sites.
      { extends: true, test: { name: 'e2e', include: [`test/e2e/**/${TESTS}`], testTimeout: 90_000, hookTimeout: 180_000 } },
    ],
  },
})
