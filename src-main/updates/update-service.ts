import type { AppUpdater } from 'electron-updater'
import * as say from './messages'
import { readUpdateConfig, shownUrl } from './update-config'

/**
 * Updates, with the user's consent at every step: StayDesk asks before it downloads and again
 * before it restarts to install, and never installs on its own (not even on quit). A restart is
 * held back while a write is on its way to a production service, since cutting it off would
 * leave its outcome unknown (features/journal/write.ts); the user is told why, and asked again once the
 * writes have their answers, because time has passed and a restart would now interrupt
 * whatever they started meanwhile.
 *
 * Everything Electron-specific comes in through UpdateDeps (index.ts: electron-updater's
 * autoUpdater, dialog.showMessageBox), so the tests drive a real electron-updater against a
 * feed on loopback without Electron's binary.
 */

/** What of electron-updater's AppUpdater the service uses (its autoUpdater in the app). */
export type Updater = Pick<
  AppUpdater,
  | 'autoDownload'
  | 'autoInstallOnAppQuit'
  | 'checkForUpdates'
  | 'downloadUpdate'
  | 'quitAndInstall'
  | 'currentVersion'
  | 'logger'
>

export interface UpdateDeps {
  updater: Updater
  /** A yes/no question (a message box in the app); resolves true for `yes`. */
  confirm(message: string, answers: { yes: string; no: string }): Promise<boolean>
  /** Something to tell that needs no answer (a message box, not waited for). */
  inform(message: string): void
  /**
   * Writes to a production service sent and not yet answered (features/journal/write.ts), whichever profile
   * is active now: only those hold an install back.
   */
  productionWritesInFlight(): number
  log(message: string, err?: unknown): void
  /** app.isPackaged: a development run has no feed and never updates. */
  isPackaged: boolean
  /** Where electron-builder put app-update.yml: join(process.resourcesPath, 'app-update.yml'). */
  updateConfigFile: string | undefined
  /** How often a held-back install looks at the writes again; default 500 ms. */
  pollMs?: number
}

export interface UpdateService {
  /** The check at start: speaks only when there is an update; anything else is logged. */
  checkAtStart(): Promise<void>
  /** Help › Check for Updates…: always answers, whatever the outcome. */
  checkOnDemand(): Promise<void>
  /** Stops waiting for writes to end (the app is quitting). */
  close(): void
}

type Phase = 'idle' | 'checking' | 'asking' | 'downloading' | 'waiting'

const BUSY: Record<Exclude<Phase, 'idle'>, string> = {
  checking: 'StayDesk is already checking for updates.',
  asking: 'StayDesk is already asking you about an update.',
  downloading: 'StayDesk is downloading an update.',
  waiting:
    'StayDesk is waiting for a write to the production service to finish before it installs an update.'
}

export function createUpdateService(deps: UpdateDeps): UpdateService {
  const { updater, log } = deps
  // Nothing is fetched or installed unless the user says so in this session.
  updater.autoDownload = false
  updater.autoInstallOnAppQuit = false
  updater.logger = {
    info: () => undefined,
    warn: (message?: unknown) => log(`updates: ${String(message)}`),
    error: (message?: unknown) => log(`updates: ${String(message)}`)
  }
  const current = updater.currentVersion.format()
  const pollMs = deps.pollMs ?? 500
  let phase: Phase = 'idle'
  /** The version downloaded in this session: a later check goes straight to the restart. */
  let downloaded: string | undefined
  let stopWaiting: (() => void) | undefined
  let closed = false

  const writing = () => deps.productionWritesInFlight() > 0

  function writesEnd(): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setInterval(() => {
        if (writing()) return
        clearInterval(timer)
        stopWaiting = undefined
        resolve(true)
      }, pollMs)
      stopWaiting = () => {
        clearInterval(timer)
        resolve(false)
      }
    })
  }

  async function offerRestart(version: string): Promise<void> {
    let question = say.restart(version)
    for (;;) {
      phase = 'asking'
      if (!(await deps.confirm(question, { yes: 'Restart now', no: 'Later' }))) {
        log(`updates: ${version} is downloaded; the user chose to install it later`)
        return
      }
      // Looked at right before the call, with nothing awaited in between.
      if (!writing()) {
        log(`updates: restarting to install ${version}`)
        updater.quitAndInstall()
        return
      }
      deps.inform(say.waitingForWrites(version, deps.productionWritesInFlight()))
      log(`updates: installing ${version} waits for the production writes in flight`)
      phase = 'waiting'
      if (!(await writesEnd())) return
      question = say.restartAfterWrites(version)
    }
  }

  async function check(manual: boolean): Promise<void> {
    const tell = (message: string) => {
      if (manual) deps.inform(message)
    }
    if (closed) return
    if (phase !== 'idle') return tell(say.busy(BUSY[phase]))
    const config = deps.isPackaged ? readUpdateConfig(deps.updateConfigFile) : undefined
    if (!config) {
      log(
        `updates: not set up for this build (${deps.isPackaged ? 'no feed in app-update.yml' : 'not packaged'})`
      )
      return tell(say.NOT_SET_UP)
    }
    const url = shownUrl(config.url)
    phase = 'checking'
    try {
      let result: Awaited<ReturnType<Updater['checkForUpdates']>>
      try {
        result = await updater.checkForUpdates()
      } catch (err) {
        if (!say.isFeedFailure(err)) throw err
        // The feed's outage, not StayDesk's: at start it is only logged.
        log(`updates: the feed at ${url} could not be checked`, err)
        return tell(say.unreachable(url, err))
      }
      // null: electron-updater is inactive in this install (e.g. Linux not run as an AppImage).
      if (!result) return tell(say.NOT_SET_UP)
      if (!result.isUpdateAvailable) {
        log(`updates: up to date (${current}; the feed has ${result.updateInfo.version})`)
        return tell(say.latest(current))
      }
      const version = result.updateInfo.version
      if (downloaded !== version) {
        phase = 'asking'
        const yes = await deps.confirm(say.available(version, current), {
          yes: 'Download',
          no: 'Not now'
        })
        if (!yes) {
          log(`updates: ${version} is available; the user declined the download`)
          return
        }
        phase = 'downloading'
        try {
          await updater.downloadUpdate()
        } catch (err) {
          log(`updates: ${version} could not be downloaded from ${url}`, err)
          // Asked for by the user, so the failure is theirs to know, at start as on demand.
          deps.inform(say.downloadFailed(version, url, err))
          return
        }
        downloaded = version
      }
      await offerRestart(version)
    } finally {
      phase = 'idle'
    }
  }

  // A check never rejects: whatever goes wrong is logged, and told when asked for.
  const guarded = (manual: boolean) => () =>
    check(manual).catch((err: unknown) => {
      phase = 'idle'
      log('updates: the update check failed', err)
      if (manual) deps.inform(say.checkFailed())
    })

  return {
    checkAtStart: guarded(false),
    checkOnDemand: guarded(true),
    close: () => {
      closed = true
      stopWaiting?.()
    }
  }
}
