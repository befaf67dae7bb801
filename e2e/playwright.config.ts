import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { E2E_BASE_URL } from './support/ports';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: [
    ['list'],
    ['./support/failureContextReporter.ts'],
    ...(process.env.STEWARD_E2E_JSON ? [['json', { outputFile: process.env.STEWARD_E2E_JSON }] as const] : []),
  ],
  outputDir: '../.steward/e2e/test-results',
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Run alone, a failed journey keeps its trace (every action with the DOM before and after it) and a
    // screenshot. The trace films no screencast: recording one for every journey, kept only for the
    // failed few, cost Chromium about half again its CPU. `npm test` records none at all
    // (STEWARD_E2E_TRACE=off): the DOM snapshots cost a fifth of Chromium's CPU, and its report names
    // the failed journeys to run again alone (docs/testing.md).
    trace: process.env.STEWARD_E2E_TRACE === 'off' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The person has asked their system for less motion: antd's components and our styles do not
    // animate, as for anyone who sets it, and Chromium draws a sixth fewer frames. The shell's
    // accessibility journeys keep the motion (docs/testing.md).
    reducedMotion: 'reduce',
  },
});
