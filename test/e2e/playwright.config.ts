import { defineConfig } from '@playwright/test'
import { resolve } from 'node:path'

/**
 * End-to-end tests: the built renderer (out/renderer, from `electron-vite build`) in Debian's
 * Chromium, with the preload replaced by a test transport wired to the real main-process
 * handlers (see fixtures.ts). Playwright's own browser download is never used.
 */
const root = resolve(import.meta.dirname, '../..')
const CI = Boolean(process.env.CI)

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '**/*.spec.ts',
  // The harness imports src-main, which resolves `@shared/*` through this tsconfig.
  tsconfig: resolve(root, 'tsconfig.node.json'),
  outputDir: resolve(root, 'test-results', process.env.STAYDESK_E2E_OUT ?? 'e2e'),
  // Two cores: one worker runs the page, the other the app's main side and the sandboxes.
  workers: CI ? 1 : 2,
  fullyParallel: false,
  retries: CI ? 2 : 0,
  forbidOnly: CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: CI
    ? [['list'], ['html', { open: 'never', outputFolder: resolve(root, 'playwright-report') }]]
    : 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.STAYDESK_E2E_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync'
      ]
    }
  }
})
