import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
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
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { buildMirror } from './mirror-fixture'
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

interface HandlerCall {
  command: string
  at: number
  ms: number
}

export interface UiApp {
  page: Page
  /** The page's DevTools session (ui-profile.ts profiles through it). */
  cdp: CDPSession
  /** Cumulative usage; handlerCalls(from) lists the calls since a reading. */
  usage(): Promise<Usage>
  /** Handler calls since a reading: command, when main received it (epoch ms), its time (ms). */
  handlerCalls(from: number): HandlerCall[]
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

/**
 * A mirror of `listings` written straight from the sandbox's generated portfolio (same seed as
 * the sandbox the app talks to), its cursors as a finished sync leaves them: the app's first
 * sync is then a delta with nothing to do. A minute at 50,000 listings where the full sync over
 * HTTP takes about five. Returns the file (in its own temporary folder) and its remover.
 */
export async function fixtureMirror(
  listings: number
): Promise<{ file: string; remove: () => void }> {
  const t = process.hrtime.bigint()
  const f = await buildMirror(listings, 1, { keepStore: false })
  const now = Date.now()
  for (const resource of SYNC_RESOURCES) {
    f.mirror.sync.setCursor(resource, {
      phase: 'delta',
      nextUrl: null,
      deltaSince: Math.floor(now / 1000),
      lastSuccessAt: now
    })
  }
  f.fileBytes()
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-bench-mirror-'))
  const file = join(dir, 'mirror.sqlite')
  copyFileSync(f.file, file)
  await f.close()
  console.log(`mirror of ${listings} listings written in ${fmt(ms(t) / 1000, 1)} s (no sync)`)
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * Starts the sandbox and the app, waits for the first sync (full, or with `mirrorFile` a delta
 * on that copy), then opens the window.
 */
export async function startUiApp(
  listings: number,
  opts: { mirrorFile?: string } = {}
): Promise<UiApp> {
  const problems: string[] = []
  const calls: HandlerCall[] = []
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
    if (opts.mirrorFile) {
      mkdirSync(join(dataDir, 'mirrors'), { recursive: true })
      copyFileSync(opts.mirrorFile, join(dataDir, 'mirrors', 'demo.sqlite'))
    }
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
    const kind = opts.mirrorFile ? 'delta on the written mirror' : 'full'
    console.log(
      `first sync (${kind}, own process): ${records} records in ${fmt(ms(t) / 1000, 1)} s`
    )

    renderer = await serveRenderer(join(OUT, 'renderer'))
    const entry = renderer.entryUrl
    const ipc = new FakeIpcMain()
    // Each handler's own time, as main spends it (the transport's share is the rest).
    const invoke = ipc.invoke.bind(ipc)
    // STAYDESK_BENCH_UI_TRACE=1: each call until the window is ready, as it comes and goes.
    let trace = process.env.STAYDESK_BENCH_UI_TRACE === '1'
    const t0 = process.hrtime.bigint()
    ipc.invoke = async (command, senderUrl, input) => {
      const start = process.hrtime.bigint()
      const at = performance.timeOrigin + performance.now()
      if (trace) console.log(`  +${fmt(ms(t0))} ms ${command} ${JSON.stringify(input)}`)
      try {
        return await invoke(command, senderUrl, input)
      } finally {
        calls.push({ command, at, ms: ms(start) })
        if (trace) console.log(`  +${fmt(ms(t0))} ms ${command} answered in ${fmt(ms(start))} ms`)
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
    const opening = process.hrtime.bigint()
    await page.locator('[data-app-state="ready"]').waitFor({ timeout: 60_000 })
    console.log(`window ready ${fmt(ms(opening) / 1000, 1)} s after it was opened`)
    trace = false
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    // STAYDESK_BENCH_UI_CPU_SLOWDOWN=3: the page's CPU slowed as Chromium's DevTools do, so the
    // long frames a busy machine shows (load 3 to 10) can be reproduced on a quiet one.
    const slowdown = Number(process.env.STAYDESK_BENCH_UI_CPU_SLOWDOWN ?? 1)
    if (slowdown > 1) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
      console.log(`the page's CPU slowed ${slowdown} times (STAYDESK_BENCH_UI_CPU_SLOWDOWN)`)
    }
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
      cdp,
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
