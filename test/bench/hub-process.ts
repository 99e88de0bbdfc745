import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { idle, TOKEN } from './sync-helpers'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface HubProcessOptions {
  /** The PostgreSQL server the hub keeps its data in. */
  databaseUrl: string
  /** The test environment's service (the sandbox, or a proxy in front of it). */
  serviceUrl: string
  /** Where the hub's log goes (see below). */
  logFile: string
  /** `--sync-every`: `5s`, or `off` for a hub that must not sync while it is measured. */
  syncEvery: string
  /** A module loaded before the hub (`--import`), e.g. to record its event loop. */
  preload?: string
  env?: NodeJS.ProcessEnv
}

/**
 * `npm run hub -- serve` as a team runs it, on PostgreSQL; its URL once its log says it listens.
 * Its log goes to a file, as to a service manager's journal: stdout on a pipe is written
 * synchronously, so a pipe the benchmark drains late would stall the hub and time the benchmark
 * instead.
 */
export async function serveHubProcess(
  opts: HubProcessOptions
): Promise<{ url: string; child: ChildProcess }> {
  const log = openSync(opts.logFile, 'w')
  const preload = opts.preload === undefined ? [] : ['--import', opts.preload]
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      ...preload,
      join(ROOT, 'src-hub/cli.ts'),
      'serve',
      '--port',
      '0',
      '--sync-every',
      opts.syncEvery
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json'),
        DATABASE_URL: opts.databaseUrl,
        STAYDESK_HUB_TEST_URL: opts.serviceUrl,
        STAYDESK_HUB_TEST_TOKEN: TOKEN,
        STAYDESK_HUB_TEST_CHANNEL: 'DEMO',
        ...opts.env
      },
      stdio: ['ignore', log, 'inherit']
    }
  )
  closeSync(log)
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the hub exited ${child.exitCode} before listening`)
    const port = readFileSync(opts.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; port?: number })
      .find((entry) => entry.msg === 'listening' && entry.port)?.port
    if (port) return { url: `http://127.0.0.1:${port}`, child }
    await idle(100)
  }
}
