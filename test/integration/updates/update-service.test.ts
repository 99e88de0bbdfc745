import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import electronUpdater from 'electron-updater'
import type { ProfileKind } from '@shared/profile.schema'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as say from '../../../src-main/updates/messages'
import { createUpdateService, type UpdateDeps } from '../../../src-main/updates/update-service'
import { installFakeElectron, type FakeElectronApp } from './fake-electron'
import { appImageName, closedFeedUrl, serveFeed, sha512, type Feed } from './feed'

/**
 * The update service with the real electron-updater (its AppImage updater, as a Linux install
 * runs it) reading a real app-update.yml and talking HTTP to a feed on loopback; only Electron's
 * own module is faked (fake-electron.ts). Installing is real too, down to replacing the AppImage
 * file: only Electron's quit is a recorder.
 */

const CURRENT = '0.1.0'
/** A new "AppImage" that does nothing when the install starts it. */
const newAppImage = (version: string) => Buffer.from(`#!/bin/sh\n# StayDesk ${version}\nexit 0\n`)
const OLD_APPIMAGE = 'StayDesk 0.1.0, the installed AppImage'

let fake: ReturnType<typeof installFakeElectron>
let app: FakeElectronApp
let dir: string
let feed: Feed | undefined
const saved = {
  APPIMAGE: process.env.APPIMAGE,
  XDG_CACHE_HOME: process.env.XDG_CACHE_HOME,
  resourcesPath: (process as { resourcesPath?: string }).resourcesPath
}

beforeAll(() => {
  fake = installFakeElectron({ userData: tmpdir(), appPath: tmpdir() })
  app = fake.app
})
afterAll(() => fake.restore())

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'staydesk-updates-'))
  for (const sub of ['resources', 'apps', 'cache', 'userData']) mkdirSync(join(dir, sub))
  // What a packaged Linux install looks like to electron-updater: Electron's resources folder
  // (process.resourcesPath) holding app-update.yml, and $APPIMAGE naming the running AppImage.
  ;(process as { resourcesPath?: string }).resourcesPath = join(dir, 'resources')
  process.env.APPIMAGE = join(dir, 'apps', 'StayDesk.AppImage')
  writeFileSync(process.env.APPIMAGE, OLD_APPIMAGE)
  process.env.XDG_CACHE_HOME = join(dir, 'cache')
  app.version = CURRENT
  app.userData = join(dir, 'userData')
  app.isPackaged = true
  app.quits = 0
})

afterEach(async () => {
  await feed?.close()
  feed = undefined
  for (const key of ['APPIMAGE', 'XDG_CACHE_HOME'] as const) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  ;(process as { resourcesPath?: string }).resourcesPath = saved.resourcesPath
  await rm(dir, { recursive: true, force: true })
})

/** app-update.yml as electron-builder writes it from `publish: { provider: 'generic', url }`. */
function publish(url: string): void {
  writeFileSync(
    join(dir, 'resources', 'app-update.yml'),
    `provider: generic\nurl: ${url}\nupdaterCacheDirName: staydesk-updater\n`
  )
}

async function feedWith(version: string, opts: { sha512?: string } = {}): Promise<Feed> {
  feed = await serveFeed({ version, body: newAppImage(version), ...opts })
  publish(feed.url)
  return feed
}

interface Harness {
  service: ReturnType<typeof createUpdateService>
  updater: InstanceType<typeof electronUpdater.AppImageUpdater>
  asked: string[]
  told: string[]
  logged: string[]
  /** The answers confirm gives, in order; a question beyond them is answered no. */
  answers: boolean[]
  writes: { count: number; looks: number }
  kind: { value: ProfileKind }
}

function harness(overrides: Partial<UpdateDeps> = {}): Harness {
  const h: Omit<Harness, 'service' | 'updater'> = {
    asked: [],
    told: [],
    logged: [],
    answers: [],
    writes: { count: 0, looks: 0 },
    kind: { value: 'test' as ProfileKind }
  }
  const updater = new electronUpdater.AppImageUpdater()
  const service = createUpdateService({
    updater,
    confirm: async (message) => {
      h.asked.push(message)
      return h.answers.shift() ?? false
    },
    inform: (message) => h.told.push(message),
    // The production writes in flight: those of a production profile (the kind a write was
    // sent under), none on a test or demo profile.
    productionWritesInFlight: () => {
      h.writes.looks++
      return h.kind.value === 'production' ? h.writes.count : 0
    },
    log: (message) => h.logged.push(message),
    isPackaged: app.isPackaged,
    updateConfigFile: join(dir, 'resources', 'app-update.yml'),
    pollMs: 5,
    ...overrides
  })
  return { service, updater, ...h }
}

const installed = () => readFileSync(process.env.APPIMAGE!, 'utf8')
const cached = (version: string) =>
  join(dir, 'cache', 'staydesk-updater', 'pending', appImageName(version))
/** quitAndInstall quits on the next turn of the event loop (setImmediate), as in Electron. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('update checks against a generic feed over HTTP', () => {
  it('asks before downloading a newer version, and fetches nothing when refused', async () => {
    const served = await feedWith('0.2.0')
    const h = harness()
    h.answers.push(false)

    // electron-updater's own switches: no download on finding an update, no install on quit.
    expect(h.updater.autoDownload).toBe(false)
    expect(h.updater.autoInstallOnAppQuit).toBe(false)

    await h.service.checkAtStart()

    expect(h.asked).toEqual(['StayDesk 0.2.0 is available (you have 0.1.0). Download it now?'])
    expect(served.requests).toEqual(['GET /latest-linux.yml'])
    expect(existsSync(cached('0.2.0'))).toBe(false)
    expect(h.told).toEqual([])
    expect(installed()).toBe(OLD_APPIMAGE)
  })

  it('says "latest" on demand and nothing at start when the feed has this version or older', async () => {
    const same = await feedWith(CURRENT)
    const h = harness()
    await h.service.checkAtStart()
    expect(h.asked).toEqual([])
    expect(h.told).toEqual([])
    await h.service.checkOnDemand()
    expect(h.told).toEqual(['You have the latest version, 0.1.0.'])
    expect(same.requests).toEqual(['GET /latest-linux.yml', 'GET /latest-linux.yml'])
    await same.close()

    const older = await feedWith('0.0.9')
    const o = harness()
    await o.service.checkOnDemand()
    expect(o.asked).toEqual([])
    expect(o.told).toEqual(['You have the latest version, 0.1.0.'])
    expect(older.requests).toEqual(['GET /latest-linux.yml'])
  })

  it('keeps an unreachable feed quiet at start, logged, and names it on demand', async () => {
    const url = await closedFeedUrl()
    publish(url)
    const h = harness()

    await h.service.checkAtStart()
    expect(h.told).toEqual([])
    expect(h.asked).toEqual([])
    expect(h.logged).toContain(`updates: the feed at ${url} could not be checked`)

    await h.service.checkOnDemand()
    expect(h.told).toEqual([
      `Could not reach the update feed at ${url}: the connection was refused (is the feed ` +
        'server running?).'
    ])
    expect(h.asked).toEqual([])
  })

  it('says updates are not set up without app-update.yml or outside a packaged build', async () => {
    const served = await serveFeed({ version: '0.2.0', body: newAppImage('0.2.0') })
    feed = served
    const h = harness()
    await h.service.checkOnDemand()
    expect(h.told).toEqual([say.NOT_SET_UP])

    publish(served.url)
    app.isPackaged = false
    const dev = harness()
    await dev.service.checkAtStart()
    await dev.service.checkOnDemand()
    expect(dev.told).toEqual([say.NOT_SET_UP])
    expect(dev.asked).toEqual([])
    expect(served.requests).toEqual([])
  })

  it('downloads with consent, checks the sha512, asks to restart, and installs only on yes', async () => {
    const served = await feedWith('0.2.0')
    const h = harness()
    h.answers.push(true, false)

    await h.service.checkAtStart()

    expect(served.requests).toEqual(['GET /latest-linux.yml', 'GET /StayDesk-0.2.0.AppImage'])
    expect(readFileSync(cached('0.2.0'))).toEqual(newAppImage('0.2.0'))
    expect(h.asked).toEqual([
      'StayDesk 0.2.0 is available (you have 0.1.0). Download it now?',
      say.restart('0.2.0')
    ])
    // Later: nothing installed, no quit; not even when StayDesk quits (Electron's 'quit').
    await nextTurn()
    expect(installed()).toBe(OLD_APPIMAGE)
    expect(app.quits).toBe(0)
    app.emit('quit', {}, 0)
    expect(installed()).toBe(OLD_APPIMAGE)

    // Checking again in the same session goes straight to the restart; nothing is fetched again.
    h.answers.push(true)
    await h.service.checkOnDemand()
    await nextTurn()
    expect(h.asked.slice(2)).toEqual([say.restart('0.2.0')])
    expect(served.requests.slice(2)).toEqual(['GET /latest-linux.yml'])
    expect(readFileSync(process.env.APPIMAGE!)).toEqual(newAppImage('0.2.0'))
    expect(app.quits).toBe(1)
  })

  it('after Later, asks the next start to download again, and takes the file from the cache', async () => {
    // The download is remembered for one session only (docs/updates.md says so): the next start
    // asks "Download it now?" again, and electron-updater serves a yes from its cache.
    const served = await feedWith('0.2.0')
    const first = harness()
    first.answers.push(true, false)
    await first.service.checkAtStart()
    first.service.close()
    expect(served.requests).toEqual(['GET /latest-linux.yml', 'GET /StayDesk-0.2.0.AppImage'])

    const next = harness()
    next.answers.push(true, false)
    await next.service.checkAtStart()
    expect(next.asked).toEqual([say.available('0.2.0', CURRENT), say.restart('0.2.0')])
    expect(served.requests.slice(2)).toEqual(['GET /latest-linux.yml'])
    await nextTurn()
    expect(installed()).toBe(OLD_APPIMAGE)
  })

  it('discards a download whose sha512 does not match the feed, and says so', async () => {
    const served = await feedWith('0.2.0', { sha512: sha512(Buffer.from('another file')) })
    const h = harness()
    h.answers.push(true)

    await h.service.checkAtStart()

    expect(served.requests).toEqual(['GET /latest-linux.yml', 'GET /StayDesk-0.2.0.AppImage'])
    expect(h.told).toEqual([
      say.downloadFailed('0.2.0', served.url, { code: 'ERR_CHECKSUM_MISMATCH' })
    ])
    expect(h.told[0]).toMatch(/did not match the checksum/)
    expect(h.asked).toHaveLength(1)
    expect(existsSync(cached('0.2.0'))).toBe(false)
    expect(installed()).toBe(OLD_APPIMAGE)
  })

  it('holds the install while a write is in flight on a production profile, says why, then asks again', async () => {
    await feedWith('0.2.0')
    const h = harness()
    h.kind.value = 'production'
    h.writes.count = 1
    h.answers.push(true, true, true)

    let ended = false
    const running = h.service.checkOnDemand().finally(() => (ended = true))
    await until(() => h.told.length === 1 || ended)
    expect(h.told).toEqual([say.waitingForWrites('0.2.0', 1)])
    expect(h.told[0]).toMatch(
      /once the write it is sending to the production service has its answer/
    )
    // Still held after the service has looked at the writes again several times.
    const looks = h.writes.looks
    await until(() => h.writes.looks >= looks + 5 || ended)
    expect(ended).toBe(false)
    await nextTurn()
    expect(h.asked).toHaveLength(2)
    expect(installed()).toBe(OLD_APPIMAGE)
    expect(app.quits).toBe(0)

    h.writes.count = 0
    await running
    await nextTurn()
    expect(h.asked).toEqual([
      say.available('0.2.0', CURRENT),
      say.restart('0.2.0'),
      'The write to the production service has its answer. Restart StayDesk to install 0.2.0 now?'
    ])
    expect(readFileSync(process.env.APPIMAGE!)).toEqual(newAppImage('0.2.0'))
    expect(app.quits).toBe(1)
  })
})

/** Resolves once `done` holds, looking again on each turn of the event loop. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await nextTurn()
}
