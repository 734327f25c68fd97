import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['server/testing/postgres-global-setup.ts'],
    testTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [{ extends: true, test: { name: 'all', include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'] } }],
  },
});
