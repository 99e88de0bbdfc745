#!/usr/bin/env node
/**
 * `npm run guide:pictures`: the user guide's pictures taken again into docs/user-guide/ (a test
 * run saves them to artifacts/user-guide/ and never rewrites the committed ones). Runs the
 * user-guide specs with STAYDESK_GUIDE_PICTURES=docs, without a shell, on every platform.
 */
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))
const cli = join(dirname(require.resolve('@playwright/test/package.json')), 'cli.js')
const run = spawnSync(
  process.execPath,
  [cli, 'test', '-c', 'test/e2e/playwright.config.ts', 'test/e2e/user-guide-'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, STAYDESK_GUIDE_PICTURES: 'docs' } }
)
process.exit(run.status ?? 1)
