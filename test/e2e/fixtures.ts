import { test as base, expect, type Page, type TestInfo } from '@playwright/test'
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { CommandName } from '@shared/ipc/channels'
import type { CommandInput, CommandOutput } from '@shared/ipc/contract'
import type { Result } from '@shared/errors'
import { createApp } from '../../src-main/features/create-app'
import { inProcessSyncExecutor } from '../../src-main/sync/in-process-executor'
import { registerCommands } from '../../src-main/ipc/register'
import { isAppUrl } from '../../src-main/shell/window-security'
import { startSandbox, type SandboxHandle, type StartSandboxOptions } from '../../src-main/sandbox'
import { fakeOsCipher } from './harness/fake-cipher'
import { EventPipe, FakeIpcMain, installBridge, leakCheck } from './harness/ipc-bridge'
import { serveRenderer, type StaticServer } from './harness/static-server'
import type { CspViolation, PageGlobals } from './harness/dom'

/**
 * The end-to-end harness (issue 4): the built renderer in Chromium, talking through a test
 * transport to the same main-process handlers the Electron window uses. Per test: a fresh data
 * directory, an in-process demo sandbox (plus any the test starts), and a fresh app. Every
 * test also checks, on teardown, what a user can't see but must hold: no CSP violation, no
 * uncaught renderer error, no handler crash, no event that breaks the contract, no token in
 * anything sent to the window.
 */

const ROOT = resolve(import.meta.dirname, '../..')
/** STAYDESK_E2E_OUT: another build directory (`electron-vite build --outDir`), so two runs side by side don't share one. */
export const RENDERER_DIR = resolve(ROOT, process.env.STAYDESK_E2E_OUT ?? 'out', 'renderer')
export const SCREENSHOT_DIR = resolve(ROOT, 'artifacts/screenshots')

/** The demo portfolio: small, so the first sync is quick, but more than one listings page. */
export const DEMO = { listings: 60, seed: 1, token: 'demo-token', channel: 'DEMO' } as const

export interface E2eApp {
  dataDir: string
  ipc: FakeIpcMain
  events: EventPipe
  /** What the Electron window's title would be. */
  windowTitle(): string
  /** Calls a command through the same path as the window (sender check included). */
  invoke<C extends CommandName>(name: C, input: CommandInput<C>): Promise<Result<CommandOutput<C>>>
  /** Tokens the test handed to the app; none may ever reach the window. */
  secrets: string[]
  /** Files the app saved through its save dialog (exports, vouchers), in order. */
  savedFiles: { name: string; path: string }[]
  /** Where the harness writes main's log lines (card-safety scans read it). */
  logFile: string
}

interface Options {
  /** Set by the CSP test, which provokes violations on purpose. */
  allowCspViolations: boolean
  /** Files (name -> contents) written into the app's data folder before it starts. */
  seedFiles: Record<string, string> | undefined
  /**
   * A command whose handler throws a plain Error, as a bug would: the harness's own test of the
   * crash path (the test that sets it expects to fail).
   */
  crashingCommand: CommandName | undefined
  /** Electron's safeStorage backend: a desktop's OS key store, or Linux's weak basic_text. */
  keyStore: 'gnome_libsecret' | 'basic_text'
  /** The demo portfolio's size: a spec that needs more results than one window sets it. */
  demoListings: number
}

interface Fixtures {
  demo: SandboxHandle
  /** Starts another in-process sandbox, closed after the test. */
  sandbox: (opts: StartSandboxOptions) => Promise<SandboxHandle>
  app: E2eApp
  /** Loads the window and waits for the app's ready marker. */
  openApp: () => Promise<void>
  cspViolations: CspViolation[]
  /**
   * Starts another desk beside `app` and `page`: an app of its own (its own data folder, its own
   * main side) in a window of its own (a browser context of its own), on the same demo sandbox.
   * Stopped and checked like the first after the test. Each call starts one more.
   */
  anotherDesk: () => Promise<Desk>
}

/** A second (third…) desk of a test: its app, its window, and how to open the window. */
export interface Desk {
  app: E2eApp
  page: Page
  /** Loads the window and waits for the app's ready marker. */
  openApp: () => Promise<void>
}

interface WorkerFixtures {
  renderer: StaticServer
}

/** The page the current test drives: what the app's printToPdf prints (one test at a time per worker). */
let printPage: Page | undefined

export const test = base.extend<Fixtures & Options, WorkerFixtures>({
  allowCspViolations: [false, { option: true }],
  seedFiles: [undefined, { option: true }],
  crashingCommand: [undefined, { option: true }],
  keyStore: ['gnome_libsecret', { option: true }],
  demoListings: [DEMO.listings, { option: true }],

  renderer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture deps from the pattern
    async ({}, use) => {
      const server = await serveRenderer(RENDERER_DIR)
      await use(server)
      await server.close()
    },
    { scope: 'worker' }
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture deps from the pattern
  sandbox: async ({}, use) => {
    const started: SandboxHandle[] = []
    await use(async (opts) => {
      const s = await startSandbox({ log: () => undefined, ...opts })
      started.push(s)
      return s
    })
    await Promise.allSettled(started.map((s) => s.close()))
  },

  demo: async ({ sandbox, demoListings }, use) => {
    await use(await sandbox({ listings: demoListings, seed: DEMO.seed }))
  },

  app: async ({ demo, renderer, seedFiles, crashingCommand, keyStore }, use, testInfo) => {
    const desk = await launchApp({
      demo,
      renderer,
      seedFiles,
      crashingCommand,
      keyStore,
      pageToPrint: () => printPage
    })
    try {
      await use(desk.app)
    } finally {
      await desk.close(testInfo)
    }
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture deps from the pattern
  cspViolations: async ({}, use) => {
    await use([])
  },

  page: async ({ page, app, cspViolations, allowCspViolations }, use) => {
    printPage = page
    const checkPage = await preparePage(page, app, cspViolations)
    await use(page)
    await checkPage(allowCspViolations)
  },

  anotherDesk: async ({ demo, renderer, keyStore, browser }, use, testInfo) => {
    // Run after the test, last first: each desk's window is checked and closed before its app.
    const closers: (() => Promise<void>)[] = []
    await use(async () => {
      const context = await browser.newContext({ viewport: testInfo.project.use.viewport })
      closers.push(() => context.close())
      const page = await context.newPage()
      const launched = await launchApp({ demo, renderer, keyStore, pageToPrint: () => page })
      closers.push(() => launched.close(testInfo))
      const checkPage = await preparePage(page, launched.app, [])
      closers.push(() => checkPage(false))
      return {
        app: launched.app,
        page,
        openApp: async () => {
          await page.goto(renderer.entryUrl)
          await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
        }
      }
    })
    const failures: unknown[] = []
    for (const close of closers.reverse()) await close().catch((err) => failures.push(err))
    if (failures.length) throw failures[0]
  },

  openApp: async ({ page, renderer }, use) => {
    await use(async () => {
      await page.goto(renderer.entryUrl)
      await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
    })
  }
})

export { expect }

/** Saves a full-window screenshot for reviewers under artifacts/screenshots/. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' })
}

/** An app as the `app` fixture starts it; `close` stops it and checks what it must hold. */
interface LaunchedApp {
  app: E2eApp
  close(testInfo: TestInfo): Promise<void>
}

interface LaunchOptions {
  demo: SandboxHandle
  renderer: StaticServer
  seedFiles?: Record<string, string>
  crashingCommand?: CommandName
  keyStore: Options['keyStore']
  /** The window the app's printToPdf prints. */
  pageToPrint: () => Page | undefined
}

/**
 * A fresh app (createApp, as the Electron main process makes it) in a fresh data folder, its
 * commands registered on a fake ipcMain behind the same sender check as the window's.
 */
async function launchApp({
  demo,
  renderer,
  seedFiles,
  crashingCommand,
  keyStore,
  pageToPrint
}: LaunchOptions): Promise<LaunchedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'staydesk-e2e-'))
  for (const [name, text] of Object.entries(seedFiles ?? {})) {
    writeFileSync(join(dataDir, name), text)
  }
  const violations: string[] = []
  const crashes: string[] = []
  const savedFiles: { name: string; path: string }[] = []
  const logFile = join(dataDir, 'main.log')
  const secrets: string[] = []
  const logged: string[] = []
  // What main logs with an error attached is a failure inside the app (a mirror that could
  // not be opened, a sync that could not run): as fatal to the test as a handler crash.
  const loggedErrors: string[] = []
  const report = (v: string) => void violations.push(v)
  const events = new EventPipe(
    report,
    leakCheck(() => secrets, report)
  )
  const staydesk = await createApp({
    dataDir,
    cipher: fakeOsCipher(undefined, keyStore),
    demoBaseUrl: () => demo.url,
    version: '0.0.0-e2e',
    emit: events.emit,
    // The app runs each sync in a worker thread; from .ts sources that costs a tsx start-up
    // per sync, so the harness runs the same sync code on this thread.
    syncExecutor: inProcessSyncExecutor,
    // Tests start syncs themselves; a timer firing mid-test would make them flaky.
    periodicSyncMs: 0,
    log: (message, err) => {
      const line = `${message} ${(err as Error)?.stack ?? ''}`
      logged.push(line)
      appendFileSync(logFile, `${line}\n`)
      if (err !== undefined) loggedErrors.push(message)
    },
    // The app's save dialog: the harness saves where a person would have, and remembers it.
    files: {
      save: async ({ suggestedName, contents }) => {
        const dir = join(dataDir, 'saved')
        mkdirSync(dir, { recursive: true })
        const path = join(dir, suggestedName)
        writeFileSync(path, contents)
        savedFiles.push({ name: suggestedName, path })
        return path
      },
      // Electron prints the window with printToPDF; the harness with Chromium's own printing.
      printToPdf: async () => {
        const printing = pageToPrint()
        if (!printing) throw new Error('no page to print')
        return printing.pdf({ format: 'A4', printBackground: true })
      }
    },
    demoBookings: () => demo.demoBookings
  })
  if (crashingCommand) {
    ;(staydesk.handlers as Record<string, unknown>)[crashingCommand] = async () => {
      throw new TypeError(`simulated bug in ${crashingCommand}`)
    }
  }
  const ipc = new FakeIpcMain()
  registerCommands(
    ipc,
    staydesk.handlers,
    // The Electron app checks senders with isAppUrl against its entry URL; so does the harness.
    (url) => isAppUrl(url, renderer.entryUrl),
    (command, err) => void crashes.push(`${command}: ${(err as Error)?.stack ?? String(err)}`)
  )
  const app: E2eApp = {
    dataDir,
    ipc,
    events,
    secrets,
    savedFiles,
    logFile,
    windowTitle: () => staydesk.windowTitle(),
    invoke: (name, input) =>
      ipc.invoke(name, renderer.entryUrl, input) as Promise<Result<CommandOutput<typeof name>>>
  }
  return {
    app,
    async close(testInfo) {
      try {
        await staydesk.close()
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
      if (crashes.length) await testInfo.attach('handler-errors', { body: crashes.join('\n\n') })
      if (logged.length) await testInfo.attach('main-log', { body: logged.join('\n\n') })
      expect(crashes, 'handlers that threw (the window showed "Something went wrong")').toEqual([])
      expect(loggedErrors, 'failures main logged as errors').toEqual([])
      expect(violations, 'contract or token violations by main').toEqual([])
    }
  }
}

/**
 * Installs the test transport to `app` on a page before its first navigation, with the watch
 * for CSP violations and uncaught errors; the function it returns checks them after the test.
 */
async function preparePage(
  page: Page,
  app: E2eApp,
  cspViolations: CspViolation[]
): Promise<(allowCspViolations: boolean) => Promise<void>> {
  const pageErrors: string[] = []
  page.on('pageerror', (err) => void pageErrors.push(err.stack ?? err.message))
  await page.exposeBinding('__staydeskCspViolation', (_source, v: CspViolation) => {
    cspViolations.push(v)
  })
  await page.addInitScript(() => {
    const w = globalThis as unknown as PageGlobals
    const send = w.__staydeskCspViolation as (v: CspViolation) => void
    w.addEventListener('securitypolicyviolation', (e) =>
      send({
        violatedDirective: e.violatedDirective,
        blockedURI: e.blockedURI,
        sourceFile: e.sourceFile,
        lineNumber: e.lineNumber,
        columnNumber: e.columnNumber
      })
    )
  })
  await installBridge(page, {
    ipc: app.ipc,
    events: app.events,
    leaks: leakCheck(
      () => app.secrets,
      (v) => void pageErrors.push(v)
    )
  })
  return async (allowCspViolations) => {
    await app.events.flushed()
    expect(pageErrors, 'uncaught errors in the window').toEqual([])
    if (!allowCspViolations) expect(cspViolations, 'CSP violations').toEqual([])
  }
}
