import electronUpdater, { type AppUpdater } from 'electron-updater'

/**
 * electron-updater's updater for this platform (NSIS on Windows, Squirrel on macOS, AppImage or
 * deb on Linux), made on first use. electron-updater is CommonJS and defines `autoUpdater` with a
 * getter that Node's ES module loader cannot see as a named export, so main (an ES module) takes
 * it from the default export, as electron-builder's documentation does for ESM.
 */
export function appUpdater(): AppUpdater {
  return electronUpdater.autoUpdater
}
