import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ProfileKind } from '@shared/profile.schema'
import { setLogFile } from '../../../../src-main/errors'
import * as say from '../../../../src-main/updates/messages'
import {
  createUpdateService,
  type UpdateDeps,
  type Updater
} from '../../../../src-main/updates/update-service'

/**
 * The service's own rules with an updater that answers at once (the real electron-updater over
 * HTTP is in test/integration/updates): who may be asked what, and when installing may start.
 * feed-app-update.yml stands for the app-update.yml of a build with a feed.
 */

const feedFile = new URL('./feed-app-update.yml', import.meta.url).pathname

function fakeUpdater(latest = '0.2.0') {
  return {
    autoDownload: true,
    autoInstallOnAppQuit: true,
    logger: null,
    currentVersion: { format: () => '0.1.0' },
    checkForUpdates: vi.fn(async () => ({
      isUpdateAvailable: latest !== '0.1.0',
      updateInfo: { version: latest }
    })),
    downloadUpdate: vi.fn(async () => ['/cache/StayDesk-0.2.0.AppImage']),
    quitAndInstall: vi.fn()
  }
}

function setUp(overrides: Partial<UpdateDeps> = {}, updater = fakeUpdater()) {
  const told: string[] = []
  const asked: string[] = []
  const answers: Array<boolean | Promise<boolean>> = []
  const state = { writes: 0, kind: 'test' as ProfileKind }
  const service = createUpdateService({
    updater: updater as unknown as Updater,
    confirm: (message) => {
      asked.push(message)
      return Promise.resolve(answers.shift() ?? false)
    },
    inform: (message) => told.push(message),
    productionWritesInFlight: () => (state.kind === 'production' ? state.writes : 0),
    log: () => undefined,
    isPackaged: true,
    updateConfigFile: feedFile,
    pollMs: 1,
    ...overrides
  })
  return { service, updater, told, asked, answers, state }
}

describe('the update service', () => {
  it('answers a second check while the first is asking, and asks nothing twice', async () => {
    const t = setUp()
    let answer!: (yes: boolean) => void
    t.answers.push(new Promise((resolve) => (answer = resolve)))
    const first = t.service.checkAtStart()
    await until(() => t.asked.length === 1)
    await t.service.checkOnDemand()
    expect(t.told).toEqual([say.busy('StayDesk is already asking you about an update.')])
    answer(false)
    await first
    expect(t.asked).toHaveLength(1)
    expect(t.updater.downloadUpdate).not.toHaveBeenCalled()
  })

  it.each(['test', 'demo'] as const)(
    'installs at once when the writes in flight are on a %s profile',
    async (kind) => {
      const t = setUp()
      t.state.kind = kind
      t.state.writes = 2
      t.answers.push(true, true)
      await t.service.checkOnDemand()
      expect(t.updater.quitAndInstall).toHaveBeenCalledTimes(1)
      expect(t.told).toEqual([])
    }
  )

  it('never installs once closed while waiting for production writes', async () => {
    const t = setUp()
    t.state.kind = 'production'
    t.state.writes = 1
    t.answers.push(true, true, true)
    const running = t.service.checkOnDemand()
    await until(() => t.told.length === 1)
    t.service.close()
    await running
    t.state.writes = 0
    await t.service.checkOnDemand()
    expect(t.updater.quitAndInstall).not.toHaveBeenCalled()
    expect(t.asked).toEqual([say.available('0.2.0', '0.1.0'), say.restart('0.2.0')])
  })

  afterEach(() => setLogFile(undefined))

  it('reports a failure of its own on demand without rejecting, names the log, and stays usable', async () => {
    setLogFile(() => '/data/logs/main.3.log')
    const updater = fakeUpdater()
    updater.checkForUpdates.mockImplementationOnce(() => {
      throw new TypeError('a bug')
    })
    const t = setUp({}, updater)
    await expect(t.service.checkOnDemand()).resolves.toBeUndefined()
    expect(t.told).toEqual([
      'StayDesk could not check for updates; the details are in the log: /data/logs/main.3.log'
    ])
    t.answers.push(false)
    await t.service.checkOnDemand()
    expect(t.asked).toEqual([say.available('0.2.0', '0.1.0')])
  })
})

/** Resolves once `done` holds, looking again on each turn of the event loop. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve))
}
