import { defineConfig } from 'vitest/config'

/**
 * The integration suites run real servers, browsers and tofu on shared 2-core machines, where
 * a neighbour can stall a process for seconds. A failed test runs once more; one that passes
 * the second time is still listed as flaky by test/summary.mjs, so instability stays visible.
 */
const RETRY_ON_SHARED_MACHINES = 1

/** Removes the temp directories (server data, tofu working dirs) each test file made. */
const setupFiles = ['test/helpers/remove-temp-dirs.setup.ts']

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          setupFiles,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          retry: RETRY_ON_SHARED_MACHINES,
          setupFiles,
          include: ['test/server/**/*.test.ts'],
          // Each file starts its own server process; two at a time suits a 2-core machine.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'dashboard',
          retry: RETRY_ON_SHARED_MACHINES,
          setupFiles,
          include: ['test/dashboard/**/*.test.ts'],
          // One headless Chromium and one server at a time: browsers are heavy on a 2-core machine.
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'provider',
          retry: RETRY_ON_SHARED_MACHINES,
          setupFiles,
          include: ['test/provider/**/*.test.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
          testTimeout: 180_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'engines',
          retry: RETRY_ON_SHARED_MACHINES,
          setupFiles,
          include: ['test/engines/**/*.test.ts'],
          // Real namespaces, containers and sshd per node, as root: one file at a time.
          maxWorkers: 1,
          sequence: { groupOrder: 4 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'examples',
          retry: RETRY_ON_SHARED_MACHINES,
          setupFiles,
          include: ['test/examples/**/*.test.ts'],
          // Each example applies real infrastructure through tofu or a client: one at a time.
          maxWorkers: 1,
          sequence: { groupOrder: 5 },
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
})
