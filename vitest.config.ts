/**
 * One test command, four scopes: unit tests beside the code (node and jsdom), cross-service
 * integration tests, and browser journeys. `pnpm test` runs them all.
 */
import { defineConfig } from 'vitest/config';

/**
 * Integration and browser files each boot their own stack (a fresh database and bus namespace,
 * PORT 0), so two run side by side: most of their time is waiting on the bus, timers and the
 * browser, not the CPU. One group, after the unit and web tests.
 */
const STACK_FILES_SIDE_BY_SIDE = { maxWorkers: 2, sequence: { groupOrder: 1 } };

/** Files that time a stop, kill a process, cut a backend or load the box on purpose. */
const SERIAL_INTEGRATION = [
  'bus-contract',
  'bus-outage',
  'crm-import-restart',
  'distributed-faults',
  'email-sending-replicas',
  'email-tracking-mailer-away',
  'first-start-replicas',
  'fuzz',
  'inbound-load',
  'journey-kill',
  'migrate-concurrently',
  'pixel-outage',
  'postgres-session-limits',
  'relay-outage',
  'service-command',
  'service-stop',
  'staff-accounts-at-once',
].map((name) => `tests/integration/${name}.test.ts`);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'contracts/src/**/*.test.ts',
            'services/*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'web/scripts/**/*.test.ts',
            'tests/docs/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: SERIAL_INTEGRATION,
          globalSetup: ['tests/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          ...STACK_FILES_SIDE_BY_SIDE,
        },
      },
      {
        test: {
          name: 'integration-serial',
          include: SERIAL_INTEGRATION,
          globalSetup: ['tests/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One at a time, after everything else: each of these times a stop, kills a process,
          // cuts a backend or loads the box, and would measure its neighbours instead.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          ...STACK_FILES_SIDE_BY_SIDE,
        },
      },
    ],
  },
});
