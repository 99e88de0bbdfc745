import { app, BrowserWindow, ipcMain, session } from 'electron'
import { createMainWindow, guardWebContents, rendererEntryUrl } from './main-window'
import { registerCommands } from './ipc/register'
import { isAppUrl } from './window-security'
import { startSandboxInWorker, type WorkerSandbox } from './sandbox/worker'
import sandboxWorkerPath from './sandbox/worker?modulePath'

/** Size of the embedded demo portfolio: enough listings that paging is exercised. */
const DEMO_LISTINGS = 300

let sandbox: WorkerSandbox | undefined
const entryUrl = rendererEntryUrl()

app.on('web-contents-created', (_event, contents) => guardWebContents(contents, entryUrl))

app.whenReady().then(async () => {
  // The app asks for no device or browser permission, so every request is refused.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) =>
    callback(false)
  )
  session.defaultSession.setPermissionCheckHandler(() => false)

  // The embedded demo service runs in a worker thread, off the thread that drives the window.
  sandbox = await startSandboxInWorker({ listings: DEMO_LISTINGS, seed: 1 }, sandboxWorkerPath)
  const demo = sandbox

  registerCommands(
    ipcMain,
    {
      'app:info': async () => ({
        version: app.getVersion(),
        profile: { name: 'Demo', kind: 'demo' },
        service: { baseUrl: demo.url, listings: DEMO_LISTINGS }
      })
    },
    (url) => isAppUrl(url, entryUrl),
    (command, err) => console.error(`command ${command} failed:`, err)
  )

  createMainWindow(entryUrl)
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(entryUrl)
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

app.on('before-quit', () => {
  void sandbox?.close()
})
