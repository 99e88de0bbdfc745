// A stand-in for Electron's own module, so the built main bundle (out/main/index.js) can run its
// command-line path (`StayDesk --cli ARGS`) under plain Node: Electron's binary cannot be
// downloaded here. Registered by app-cli-mode.test.ts with module.registerHooks. Everything the
// window path would use throws, so a test fails loudly if the command line touches it.
import { registerHooks } from 'node:module'

const FAKE = 'staydesk-fake:electron'
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'electron') return { url: FAKE, shortCircuit: true, format: 'module' }
    return next(specifier, context)
  },
  load(url, context, next) {
    if (url !== FAKE) return next(url, context)
    return { format: 'module', shortCircuit: true, source: SOURCE }
  }
})

const SOURCE = `
const touched = (what) => () => { throw new Error('the command line touched Electron: ' + what) }
const record = (what) => { process.stderr.write('fake-electron: ' + what + '\\n') }
export const app = {
  isPackaged: false,
  getAppPath: () => process.env.FAKE_ELECTRON_APP_PATH,
  getVersion: () => '0.0.0-fake',
  dock: { hide: () => record('dock.hide') },
  exit: (code) => { record('app.exit ' + code); process.exit(code) },
  requestSingleInstanceLock: touched('the single-instance lock'),
  whenReady: touched('whenReady'),
  enableSandbox: touched('enableSandbox'),
  on: touched('app.on'),
  getPath: touched('app.getPath')
}
export const BrowserWindow = { fromWebContents: touched('BrowserWindow') }
export const crashReporter = { start: touched('crashReporter') }
export const dialog = { showErrorBox: touched('dialog') }
export const ipcMain = {}
export const Menu = { setApplicationMenu: touched('Menu') }
export const Notification = { isSupported: touched('Notification') }
export const safeStorage = {}
export const screen = {}
export const session = {}
export const shell = {}
export const utilityProcess = { fork: touched('utilityProcess') }
export default { app }
`
