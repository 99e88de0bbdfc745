/**
 * Updates from the feed named at build time (app-update.yml), with the user's consent: see
 * update-service.ts. index.ts makes the service with appUpdater() and Electron's dialogs.
 */
export { appUpdater } from './app-updater'
export { createUpdateService, type UpdateService } from './update-service'
