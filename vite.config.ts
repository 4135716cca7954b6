import { defineConfig } from 'vitest/config'

// One vitest project per package plus the cross-package end-to-end suite.
// Tests import the packages by name, so they run against the built `dist/`
// (`npm test` builds first): what a user installs is what is tested.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/test/**/*.test.ts'] } },
      { test: { name: 'plugin', include: ['packages/plugin/test/**/*.test.ts'], testTimeout: 60_000 } },
      { test: { name: 'mcp', include: ['packages/mcp/test/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'e2e',
          include: ['test/**/*.test.ts'],
          // Fixture trees hold tool files named like tests (`*.test.ts`) on purpose, and the
          // Vitest fixture's own test; test/.tmp holds copies of them while a test runs.
          exclude: ['test/fixtures/**', 'test/.tmp/**', '**/node_modules/**'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
