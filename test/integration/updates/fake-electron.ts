import { EventEmitter } from 'node:events'
import { request, type RequestOptions } from 'node:http'
import { createRequire, Module } from 'node:module'

/**
 * Electron's own module as far as electron-updater uses it, for running the real updater in
 * plain Node: `app` (ElectronAppAdapter: version, name, paths, packaged, quit), `net.request`
 * (ElectronHttpExecutor: Electron's net client has the shape of Node's http.request, which does
 * the requests here, for real), `session.fromPartition` and `autoUpdater` (quitAndInstall emits
 * on it).
 *
 * vi.mock('electron') cannot do this: electron-updater is CommonJS in node_modules and calls
 * `require("electron")` itself, which Node resolves without Vite. So the fake is put in Node's
 * require cache under the electron package's own path, where that require finds it; the real
 * package (which would try to download Electron's binary) is never loaded.
 */
export interface FakeElectronApp extends EventEmitter {
  version: string
  userData: string
  quits: number
  getVersion(): string
  getName(): string
  getPath(name: string): string
  getAppPath(): string
  isPackaged: boolean
  whenReady(): Promise<void>
  quit(): void
  relaunch(): void
}

export function installFakeElectron(dirs: { userData: string; appPath: string }): {
  app: FakeElectronApp
  restore(): void
} {
  const app = Object.assign(new EventEmitter(), {
    version: '0.1.0',
    userData: dirs.userData,
    quits: 0,
    isPackaged: true,
    getVersion: () => app.version,
    getName: () => 'StayDesk',
    getPath: (name: string) => {
      if (name !== 'userData') throw new Error(`the fake app has no path ${name}`)
      return app.userData
    },
    getAppPath: () => dirs.appPath,
    whenReady: () => Promise.resolve(),
    quit: () => {
      app.quits++
    },
    relaunch: () => undefined
  }) as FakeElectronApp

  const electron = {
    app,
    autoUpdater: new EventEmitter(),
    session: { fromPartition: () => ({}) },
    net: {
      // Electron-only options (its session, its redirect mode) mean nothing to Node's client;
      // Node's reports a redirect as a response with a location, which the executor follows.
      request: ({
        session: _session,
        redirect: _redirect,
        ...options
      }: RequestOptions & {
        session?: unknown
        redirect?: string
      }) => request(options)
    }
  }

  const require = createRequire(import.meta.url)
  const id = require.resolve('electron')
  const previous = require.cache[id]
  const mod = new Module(id)
  mod.filename = id
  mod.loaded = true
  mod.exports = electron
  require.cache[id] = mod
  return {
    app,
    restore: () => {
      if (previous) require.cache[id] = previous
      else delete require.cache[id]
    }
  }
}
