import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/support/chromium';

const PORT = Number(process.env.E2E_PORT ?? 8100);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node --import tsx tests/e2e/support/e2e-server.ts',
    url: `${baseURL}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LIMIT_LOGIN_PER_15_MIN: '1000',
      LIMIT_REGISTER_PER_HOUR: '1000',
      LIMIT_EARLY_ACCESS_PER_HOUR: '1000',
      LIMIT_LOGIN_PER_IP_PER_15_MIN: '1000',
      LIMIT_CHANGE_PASSWORD_PER_15_MIN: '1000',
      LIMIT_ADD_MEMBER_PER_HOUR: '1000',
    },
  },
});
