import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'server',
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
          include: ['test/provider/**/*.test.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
          testTimeout: 180_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'netns',
          include: ['test/netns/**/*.test.ts'],
          // Real namespaces and one sshd per node, as root: one file at a time.
          maxWorkers: 1,
          sequence: { groupOrder: 4 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'examples',
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
