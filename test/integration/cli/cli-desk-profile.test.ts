import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { BookingDetails } from '@shared/api/booking.schema'
import { createMemoryTokenStore } from '../../../src-main/auth/token-store'
import { APP_JOURNAL_FILE, openJournal } from '../../../src-main/journal'
import { createProfileStore } from '../../../src-main/profiles/profile-store'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { recordingProxy, type RecordingProxy } from '../main/app-fixtures'
import { runStaydesk, type Ran } from './run-cli'

function snapshot(file: string): { bytes: string; mtimeMs: number } {
  return { bytes: readFileSync(file).toString('base64'), mtimeMs: statSync(file).mtimeMs }
}

/**
 * Writes from a terminal with `--profile NAME`: journaled in the app's own journal (the one the
 * app keeps for every profile), the copy kept in the profile's own mirror, and on a production
 * profile only with `--confirm ID`, checked by the desk as the window's dialog is.
 */
describe('staydesk booking cancel with a saved profile', () => {
  let sandbox: SandboxHandle
  let proxy: RecordingProxy
  let dataDir: string
  let env: NodeJS.ProcessEnv
  let liveId: string
  let profilesFile: string

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 20, seed: 6, log: () => undefined })
    proxy = await recordingProxy(sandbox.url)
    dataDir = tempDir('staydesk-data-')
    const store = createProfileStore(dataDir, {
      demoBaseUrl: () => sandbox.url,
      tokens: createMemoryTokenStore()
    })
    liveId = store.create({
      name: 'Live',
      kind: 'production',
      baseUrl: proxy.url,
      salesChannel: 'DEMO'
    }).id
    store.create({ name: 'Staging', kind: 'test', baseUrl: proxy.url, salesChannel: 'DEMO' })
    profilesFile = join(dataDir, 'profiles.json')
    env = { ...process.env, STAYDESK_TOKEN: 'demo-token', STAYDESK_DATA_DIR: dataDir }
  }, 120_000)
  afterAll(async () => {
    await proxy?.close()
    await sandbox?.close()
  })

  const cli = (...args: string[]) => runStaydesk(args, env)
  const json = (r: Ran) => {
    expect(r.code, r.stderr).toBe(0)
    return JSON.parse(r.stdout)
  }
  const serviceStatus = (id: string) =>
    BookingDetails.parse(sandbox.store.readBooking(id, 'DEMO')).status
  const confirmed = () =>
    sandbox.store.demoBookings().filter((b) => serviceStatus(b.id) === 'confirmed')
  const cancels = () => proxy.requests.filter((r) => r.endsWith('/cancel')).length
  const cancel = (id: string, ...more: string[]) =>
    cli('booking', 'cancel', id, '--by', 'pm', '--reason', 'Owner', '--message', 'Sorry', ...more)

  it('a production profile needs --confirm with the booking id; nothing is sent without it', async () => {
    const { id } = confirmed()[0]
    const profiles = snapshot(profilesFile)
    const before = cancels()

    const missing = await cancel(id, '--profile', 'Live')
    expect(missing.code).toBe(2)
    expect(missing.stderr.trim().split('\n')).toHaveLength(1)
    expect(missing.stderr).toContain(`--confirm ${id} is required`)
    expect(missing.stderr).toContain('profile "Live" is a production profile')

    const wrong = await cancel(id, '--profile', 'Live', '--confirm', 'SB00000000')
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain(`--confirm ${id} is required`)
    expect(cancels()).toBe(before)
    expect(serviceStatus(id)).toBe('confirmed')
    const none = json(await cli('audit', '--profile', 'Live', '--json'))
    expect(none.total).toBe(0)

    const done = await cancel(id, '--profile', 'Live', '--confirm', id)
    expect(done.code, done.stderr).toBe(0)
    expect(done.stdout).toContain(`Booking ${id} is now cancelledByPm`)
    expect(cancels()).toBe(before + 1)
    expect(serviceStatus(id)).toBe('cancelledByPm')

    // The app's journal in its data folder, as the profile; the profile's own mirror.
    const audit = json(await cli('audit', '--profile', 'Live', '--json'))
    expect(audit.journal).toBe(join(dataDir, APP_JOURNAL_FILE))
    expect(audit.items).toHaveLength(1)
    expect(audit.items[0]).toMatchObject({
      action: 'cancel',
      outcome: 'done',
      bookingId: id,
      profileId: liveId,
      profileName: 'Live',
      profileKind: 'production'
    })
    const kept = json(await cli('bookings', '--profile', 'Live', '--json'))
    expect(kept.items.map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([
      [id, 'cancelledByPm']
    ])
    expect(existsSync(join(dataDir, 'mirrors', `${liveId}.sqlite`))).toBe(true)
    expect(snapshot(profilesFile)).toEqual(profiles)
  })

  it('a test profile needs no confirmation; its write joins the journal the app holds open', async () => {
    const { id } = confirmed()[0]
    // As the running app does: the journal open in another process while the command writes.
    const app = await openJournal(join(dataDir, APP_JOURNAL_FILE))
    try {
      const r = await cancel(id, '--profile', 'staging')
      expect(r.code, r.stderr).toBe(0)
      expect(app.list({ booking: id }).items).toMatchObject([
        { profileName: 'Staging', profileKind: 'test', outcome: 'done' }
      ])
    } finally {
      app.close()
    }
    const table = await cli('audit', '--profile', 'Staging')
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout).toMatch(new RegExp(`Staging\\s+cancel\\s+${id}\\s+done`))
    expect(table.stdout).toMatch(/Live\s+cancel\s+SB\d+\s+done/)
    expect(table.stdout).toContain(`2 of 2 writes in ${join(dataDir, APP_JOURNAL_FILE)}`)
  })
})
