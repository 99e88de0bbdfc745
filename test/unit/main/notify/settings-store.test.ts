import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_NOTIFY_KINDS } from '@shared/notify/settings.schema'
import {
  NOTIFY_SETTINGS_FILE,
  notifySettingsStore
} from '../../../../src-main/features/notify/settings-store'
import { notifyHandlers } from '../../../../src-main/features/notify/handlers'

/** Which notifications are on: all off at first, kept in the data folder for every profile. */

let dir: string
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'staydesk-notify-'))))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('notification settings', () => {
  it('start with every kind off', () => {
    expect(Object.values(notifySettingsStore(dir).kinds())).toEqual([false, false, false, false])
  })

  it('keep a switched-on kind for the next start', () => {
    notifySettingsStore(dir).set('payment-deadline', true)
    expect(notifySettingsStore(dir).kinds()).toEqual({
      ...DEFAULT_NOTIFY_KINDS,
      'payment-deadline': true
    })
  })

  it('read an unreadable file as all off, and replace it at the next change', () => {
    const file = join(dir, NOTIFY_SETTINGS_FILE)
    writeFileSync(file, '{ not json')
    const store = notifySettingsStore(dir)
    expect(store.kinds()).toEqual(DEFAULT_NOTIFY_KINDS)
    store.set('guardrail', true)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      ...DEFAULT_NOTIFY_KINDS,
      guardrail: true
    })
  })

  it('keep the kinds it knows from a file with kinds it does not', () => {
    writeFileSync(
      join(dir, NOTIFY_SETTINGS_FILE),
      JSON.stringify({ 'double-booking': true, 'a-later-kind': true })
    )
    expect(notifySettingsStore(dir).kinds()).toEqual({
      ...DEFAULT_NOTIFY_KINDS,
      'double-booking': true
    })
  })

  it("'notify:set' answers the settings as they now are and looks at deadlines at once", async () => {
    let looked = 0
    const h = notifyHandlers(notifySettingsStore(dir), true, () => void looked++)
    expect(await h['notify:settings']({})).toEqual({
      kinds: DEFAULT_NOTIFY_KINDS,
      scope: 'app',
      supported: true
    })
    const after = await h['notify:set']({ kind: 'on-request-decision', enabled: true })
    expect(after.kinds['on-request-decision']).toBe(true)
    expect(looked).toBe(1)
    expect((await h['notify:settings']({})).kinds['on-request-decision']).toBe(true)
  })
})
