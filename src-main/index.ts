import {
  app,
  BrowserWindow,
  crashReporter,
  dialog,
  ipcMain,
  type MessageBoxOptions,
  Menu,
  Notification,
  safeStorage,
  screen,
  session,
  shell
} from 'electron'
import { join } from 'node:path'
import { createApp, type StayDeskApp } from './features/create-app'
import { redactText } from './api/redact'
import { electronCipher } from './auth/token-store'
import { electronFiles } from './shell/electron-files'
import { electronNotify } from './shell/notifications'
import { nativeBindingPath } from './db/native-binding'
import { detailsInLog } from './errors'
import { registerCommands } from './ipc/register'
import {
  logsDir,
  openMainLog,
  purgeCrashDumps,
  startFields,
  type Log,
  type LogFields,
  type StartInfo
} from './logging'
import {
  createMainWindow,
  guardWebContents,
  rendererEntryUrl,
  type ExternalLinkDeps
} from './shell/main-window'
import { menuTemplate } from './shell/menu'
import { focusWindow, holdSingleInstance } from './shell/single-instance'
import { appUpdater, createUpdateService, type UpdateService } from './updates'
import { startSandboxInWorker, type WorkerSandbox } from './sandbox/worker'
import sandboxWorkerPath from './sandbox/worker?modulePath'
import syncHostPath from './sync/sync-host?modulePath'
import syncWorkerPath from './sync/sync-worker?modulePath'
import { utilitySyncHost } from './shell/utility-sync-host'
import { allowedLinkOrigins, denyAllPermissions, isAppUrl } from './shell/window-security'
import { windowStateKeeper } from './shell/window-state'

/**
 * Windows shows a desktop notification only for the AppUserModelID of the installed shortcut:
 * electron-builder's appId (electron-builder.config.ts), so the system's per-app switch applies.
 */
const APP_USER_MODEL_ID = 'com.staydesk.desktop'

/** The demo service's incidents (a reopened night, cut prices, a longer minimum stay) come this long after start. */
const DEMO_INCIDENTS_AFTER_MS = 120_000

/** Size of the embedded demo portfolio: enough listings that paging is exercised. */
const DEMO_LISTINGS = 300

const entryUrl = rendererEntryUrl(app.isPackaged)
let sandbox: WorkerSandbox | undefined
let staydesk: StayDeskApp | undefined
let win: BrowserWindow | undefined
let mainLog: Log | undefined
let updates: UpdateService | undefined
/** Opens the main window again once start-up is done (macOS keeps running without one). */
let reopenWindow: (() => void) | undefined
let shutDown = false

// Links open at once for the active profile's own service and the help pages; before start-up
// has made the app's services, only for the help pages.
const linkOrigins = (): string[] => allowedLinkOrigins(staydesk?.activeProfile().baseUrl)
const links: ExternalLinkDeps = {
  shell,
  dialog,
  windowOf: (contents) => BrowserWindow.fromWebContents(contents)
}

// `StayDesk --cli ARGS` (the launchers in build/cli put it on the PATH as `staydesk`): the
// command line, answered without a window and without the single-instance lock, so it runs
// beside an open StayDesk as `npx staydesk` does. Otherwise, before anything else: a second
// StayDesk quits here, before it can touch profiles.json or a mirror, and the running one shows
// its window instead.
const cliAt = process.argv.indexOf('--cli')
if (cliAt !== -1) commandLine(process.argv.slice(cliAt + 1)).catch(commandLineFailed)
else if (holdSingleInstance(app, showWindow)) main()

async function commandLine(args: string[]): Promise<void> {
  app.dock?.hide()
  const [{ runCli }, { splitCommandLine }] = await Promise.all([
    import('./cli/main'),
    import('./cli/args')
  ])
  const code = await runCli(args, undefined, { nativeBinding: electronAddon() })
  // The sandbox command serves until Ctrl-C and ends the process itself.
  if (safeCommandName(splitCommandLine, args) === 'sandbox') return
  await drained()
  app.exit(code)
}

/** The command line could not even load: said on stderr, never a process left hanging. */
function commandLineFailed(err: unknown): void {
  const detail = err instanceof Error ? (err.stack ?? err.message) : String(err)
  process.stderr.write(`staydesk: StayDesk could not run the command: ${redactText(detail)}\n`)
  void drained().finally(() => app.exit(1))
}

/** Pipes may still hold output (asynchronous on macOS): both streams have taken it all. */
function drained(): Promise<unknown> {
  const flushed = (stream: NodeJS.WriteStream) =>
    new Promise<void>((resolve) => stream.write('', () => resolve()))
  return Promise.all([flushed(process.stdout), flushed(process.stderr)])
}

function safeCommandName(split: (argv: string[]) => { name?: string }, args: string[]) {
  try {
    return split(args).name
  } catch {
    return undefined
  }
}

/** The better-sqlite3 build for this Electron (native/ in development, resources/ installed). */
function electronAddon(): string | undefined {
  return nativeBindingPath(
    app.getAppPath(),
    process.versions,
    process.platform,
    process.arch,
    app.isPackaged,
    process.resourcesPath
  )
}

/** main.log (logging/): a line per start, sync and write, and every failure and crash. */
function log(message: string, err?: unknown): void {
  if (mainLog) return mainLog.report(message, err)
  // No log (its folder could not be written): the terminal of a development run, scrubbed too.
  const detail = err instanceof Error ? (err.stack ?? err.message) : (err ?? '')
  console.error(redactText(`${message} ${String(detail)}`, staydesk?.secrets()))
}

/** What the start line (and a failed start's) says about this StayDesk and where it runs. */
function startInfo(profile?: StartInfo['profile']): LogFields {
  return startFields({
    version: app.getVersion(),
    build: STAYDESK_BUILD,
    packaged: app.isPackaged,
    platform: process.platform,
    arch: process.arch,
    versions: process.versions,
    profile
  })
}

/** A message box on the window when there is one (update questions and answers). */
function messageBox(options: MessageBoxOptions): Promise<Electron.MessageBoxReturnValue> {
  return win && !win.isDestroyed()
    ? dialog.showMessageBox(win, options)
    : dialog.showMessageBox(options)
}

function showWindow(): void {
  if (!focusWindow(win) && !shutDown) reopenWindow?.()
}

function main(): void {
  // Every renderer sandboxed, whatever a window asks for; must precede 'ready'.
  app.enableSandbox()
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID)
  // Minidumps hold process memory (tokens, typed card data): an installed StayDesk keeps none and
  // removes any left from before; a development build keeps them locally, never uploaded.
  if (app.isPackaged) purgeCrashDumps(app.getPath('crashDumps'))
  else crashReporter.start({ uploadToServer: false })

  app.on('web-contents-created', (_event, contents) =>
    guardWebContents(contents, entryUrl, linkOrigins, links)
  )
  app.on('session-created', (created) => denyAllPermissions(created))

  const logReady = openMainLog({
    dataDir: app.getPath('userData'),
    secrets: () => staydesk?.secrets() ?? [],
    process,
    app,
    onUncaught: () =>
      dialog.showErrorBox(
        'StayDesk hit an unexpected error',
        detailsInLog('Something went wrong inside StayDesk')
      )
  }).then((opened) => (mainLog = opened))
  Promise.all([logReady, app.whenReady()])
    .then(start)
    .catch((err: unknown) => {
      if (mainLog) mainLog.error('start-up failed', err, startInfo())
      else log('start-up failed', err)
      dialog.showErrorBox(
        'StayDesk could not start',
        detailsInLog(
          'StayDesk could not open its data. Start it again; if it keeps happening, send the ' +
            'log to support'
        )
      )
      app.exit(1)
    })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  // Syncs are stopped and mirrors closed before exit, so no write is cut off mid-commit.
  app.on('before-quit', (event) => {
    if (shutDown) return
    event.preventDefault()
    shutDown = true
    updates?.close()
    void Promise.allSettled([staydesk?.close(), sandbox?.close()]).finally(() => app.quit())
  })
}

function openWindow(keeper: ReturnType<typeof windowStateKeeper>, title: string): void {
  win = createMainWindow(entryUrl, { bounds: keeper.initial(), title })
  keeper.track(win)
  win.on('closed', () => (win = undefined))
}

async function start(): Promise<void> {
  denyAllPermissions(session.defaultSession)
  // Made before the menu so Help › Check for Updates answers during start-up too; it reads the
  // app's services only when it runs.
  const updateService = createUpdateService({
    updater: appUpdater(),
    confirm: async (message, answers) =>
      (
        await messageBox({
          type: 'question',
          title: 'StayDesk update',
          message,
          buttons: [answers.yes, answers.no],
          defaultId: 0,
          cancelId: 1,
          noLink: true
        })
      ).response === 0,
    inform: (message) =>
      void messageBox({ type: 'info', title: 'StayDesk update', message, buttons: ['OK'] }),
    productionWritesInFlight: () => staydesk?.productionWritesInFlight() ?? 0,
    log,
    isPackaged: app.isPackaged,
    updateConfigFile: app.isPackaged ? join(process.resourcesPath, 'app-update.yml') : undefined
  })
  updates = updateService
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        platform: process.platform,
        dev: !app.isPackaged,
        appName: app.name,
        onAbout: () => win?.webContents.send('app:menu', { item: 'about' }),
        onOpenLogs: () => void shell.openPath(logsDir(app.getPath('userData'))),
        onCheckForUpdates: () => void updateService.checkOnDemand()
      })
    )
  )
  // The embedded demo service runs in a worker thread, off the thread that drives the window.
  // With what the portfolio watch warns about at first start (situations) and a few more changes
  // two minutes later (incidents), so a new user sees every kind of alert on the demo.
  sandbox = await startSandboxInWorker(
    {
      listings: DEMO_LISTINGS,
      seed: 1,
      situations: true,
      incidentsAfterMs: DEMO_INCIDENTS_AFTER_MS
    },
    sandboxWorkerPath
  )
  const demo = sandbox

  // safeStorage is only usable once the app is ready, so the app's services start here.
  staydesk = await createApp({
    dataDir: app.getPath('userData'),
    cipher: electronCipher(safeStorage),
    demoBaseUrl: () => demo.url,
    version: app.getVersion(),
    build: STAYDESK_BUILD,
    syncHost: utilitySyncHost(syncHostPath),
    syncWorkerEntry: syncWorkerPath,
    nativeBinding: electronAddon(),
    log,
    logDir: logsDir(app.getPath('userData')),
    emit: (event, payload) => {
      if (!win || win.isDestroyed()) return
      if (event === 'profiles:changed' && staydesk) win.setTitle(staydesk.windowTitle())
      win.webContents.send(event, payload)
    },
    files: electronFiles(dialog, () => win, app.getPath('documents')),
    demoBookings: () => demo.demoBookings,
    resolveProxy: (url) => session.defaultSession.resolveProxy(url),
    // A click brings the window forward (opened again when closed) and opens what it names.
    notify: electronNotify(
      Notification,
      () => win,
      () => reopenWindow?.()
    ),
    notificationsSupported: Notification.isSupported()
  })
  const services = staydesk
  registerCommands(
    ipcMain,
    services.handlers,
    (url) => isAppUrl(url, entryUrl),
    (command, err) => log(`command ${command} failed`, err)
  )
  mainLog?.info('StayDesk started', startInfo(services.activeProfile()))

  const keeper = windowStateKeeper({
    file: join(app.getPath('userData'), 'window-state.json'),
    screen,
    defaultSize: { width: 1280, height: 820 }
  })
  reopenWindow = () => openWindow(keeper, services.windowTitle())
  reopenWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) reopenWindow?.()
  })
  void updateService.checkAtStart()
}
