import { defineConfig, devices } from '@playwright/test';

// 3210 by default; E2E_PORT lets two runs on one machine avoid each other.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = `/tmp/avs-e2e-${PORT}`;

// Debian's Chromium (never `playwright install`: no browser downloads here).
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: 'e2e',
  // Two journeys at a time in CI (E2E_WORKERS to change): each signs up its own user, and while one
  // waits on a render the other clicks; one locally, where a developer watches them.
  workers: Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1)),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    // A fresh data directory every run; the web build is refreshed when its sources changed.
    command: `rm -rf ${DATA_DIR} && bun src/app/build-web.ts && bun src/app/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: 'warn',
      // Every journey signs up from 127.0.0.1: lift the per-address sign-up limit (10 an hour by default).
      SIGNUP_LIMIT_PER_HOUR: '10000',
      // Webhook endpoints (and per-recipient backgrounds) are served by the journeys on loopback.
      FETCH_ALLOW_PRIVATE: 'true',
      // The journeys' users are on the Pro trial (1080p since decision 222): their renders check the flow, not the
      // resolution (src/domains/billing/tiers.test.ts measures that), so they render at 720p and CI stays short.
      RENDER_MAX_RESOLUTION: '720p',
      // Where "ElevenLabs" answers: a journey's fake of its API (e2e/integrations.spec.ts); no key is set, so nothing else uses it.
      ELEVENLABS_BASE_URL: `http://127.0.0.1:${PORT + 1000}`,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
