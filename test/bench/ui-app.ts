import { chromium, type Browser, type Page } from '@playwright/test'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createApp, type StayDeskApp } from '../../src-main/features/create-app'
import { registerCommands } from '../../src-main/ipc/register'
import { startSandboxInWorker, type WorkerSandbox } from '../../src-main/sandbox/worker'
import { forkSyncHost } from '../helpers/fork-sync-host'
import { isAppUrl } from '../../src-main/shell/window-security'
import { fakeOsCipher } from '../e2e/harness/fake-cipher'
import { EventPipe, FakeIpcMain, installBridge, leakCheck } from '../e2e/harness/ipc-bridge'
import { serveRenderer, type StaticServer } from '../e2e/harness/static-server'
import { installProbe } from './ui-probe'
import { fmt, ms } from './stats'

/**
 * The app as the end-to-end harness runs it, at benchmark size: the built renderer in Debian's
 * Chromium, its preload replaced by the harness's test transport to the real main-process
 * handlers; the sandbox in a worker thread and each sync in its own process from the built
 * bundle, as the app ships them, so neither shares a thread with the handlers being timed.
 */

const ROOT = resolve(import.meta.dirname, '../..')
/** The build to run: `npx electron-vite build --outDir "$PWD/out-ui"`, then STAYDESK_BENCH_OUT=out-ui. */
const OUT = resolve(ROOT, process.env.STAYDESK_BENCH_OUT ?? process.env.STAYDESK_E2E_OUT ?? 'out')

/** Where an input's time went: the page's main-thread work and main's handlers. */
interface Usage {
  /** Chromium's TaskDuration, ScriptDuration, LayoutDuration and RecalcStyleDuration, ms. */
  task: number
  script: number
  layout: number
  style: number
  /** Handler calls so far (command, ms from main receiving the call to its answer). */
  calls: number
}

export interface UiApp {
  page: Page
  /** Cumulative usage; handlerCalls(from) lists the calls since a reading. */
  usage(): Promise<Usage>
  handlerCalls(from: number): { command: string; ms: number }[]
  sandbox: WorkerSandbox
  /** Failures seen so far: handler crashes, errors main logged, page errors, contract breaks. */
  problems(): string[]
  close(): Promise<void>
}

function builtSyncHostEntry(): string {
  const chunks = join(OUT, 'main/chunks')
  const host = readdirSync(chunks).find((f) => /^sync-host-.*\.js$/.test(f))
  if (!host)
    throw new Error(`no sync-host bundle in ${chunks}: run "npx electron-vite build" first`)
  return join(chunks, host)
}

/** Starts the sandbox and the app, waits for the first (full) sync, then opens the window. */
export async function startUiApp(listings: number): Promise<UiApp> {
  const problems: string[] = []
  const calls: { command: string; ms: number }[] = []
  let t = process.hrtime.bigint()
  const sandbox = await startSandboxInWorker({ listings, seed: 1 })
  console.log(`sandbox with ${listings} listings ready in ${fmt(ms(t) / 1000, 1)} s`)
  const dataDir = mkdtempSync(join(tmpdir(), 'staydesk-bench-ui-'))
  let staydesk: StayDeskApp | undefined
  let renderer: StaticServer | undefined
  let browser: Browser | undefined
  const close = async () => {
    await browser?.close()
    await renderer?.close()
    await staydesk?.close()
    await sandbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const report = (v: string) => void problems.push(v)
    const events = new EventPipe(
      report,
      leakCheck(() => [], report)
    )
    t = process.hrtime.bigint()
    staydesk = await createApp({
      dataDir,
      cipher: fakeOsCipher(),
      demoBaseUrl: () => sandbox.url,
      version: '0.0.0-bench',
      emit: events.emit,
      syncHost: forkSyncHost(builtSyncHostEntry()),
      periodicSyncMs: 0,
      log: (message, err) => {
        if (err !== undefined) problems.push(`main logged: ${message} ${(err as Error)?.stack}`)
      }
    })
    const summary = await staydesk.firstSync
    if (!summary || summary.errors.length > 0) {
      throw new Error(`the first sync failed: ${JSON.stringify(summary?.errors ?? 'not run')}`)
    }
    const records = summary.results.reduce((n, r) => n + r.records, 0)
    console.log(`first sync (full, own process): ${records} records in ${fmt(ms(t) / 1000, 1)} s`)

    renderer = await serveRenderer(join(OUT, 'renderer'))
    const entry = renderer.entryUrl
    const ipc = new FakeIpcMain()
    // Each handler's own time, as main spends it (the transport's share is the rest).
    const invoke = ipc.invoke.bind(ipc)
    ipc.invoke = async (command, senderUrl, input) => {
      const start = process.hrtime.bigint()
      try {
        return await invoke(command, senderUrl, input)
      } finally {
        calls.push({ command, ms: ms(start) })
      }
    }
    registerCommands(
      ipc,
      staydesk.handlers,
      (url) => isAppUrl(url, entry),
      (command, err) => report(`${command} threw: ${(err as Error)?.stack ?? String(err)}`)
    )
    browser = await chromium.launch({
      executablePath: process.env.STAYDESK_E2E_CHROMIUM ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking']
    })
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US'
    })
    const page = await context.newPage()
    page.on('pageerror', (err) => report(`page error: ${err.stack ?? err.message}`))
    // tsx compiles with esbuild's keepNames, which wraps named functions in a `__name` helper;
    // the bridge's init script is such a function, and the page has no helper of that name.
    await page.addInitScript('globalThis.__name = (f) => f')
    await installBridge(page, { ipc, events, leaks: leakCheck(() => [], report), wire: 'json' })
    await installProbe(page)
    await page.goto(entry)
    await page.locator('[data-app-state="ready"]').waitFor({ timeout: 60_000 })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    const usage = async (): Promise<Usage> => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000
      return {
        task: get('TaskDuration'),
        script: get('ScriptDuration'),
        layout: get('LayoutDuration'),
        style: get('RecalcStyleDuration'),
        calls: calls.length
      }
    }
    return {
      page,
      sandbox,
      usage,
      handlerCalls: (from) => calls.slice(from),
      problems: () => [...problems],
      close
    }
  } catch (err) {
    await close()
    if (problems.length > 0) (err as Error).message += `\n${problems.join('\n')}`
    throw err
  }
}
