import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JournalProfile, WriteRecord } from '../../../src-main/journal'

/** A temp folder per test, removed after it; `file` is where the journal goes. */
export function tempJournal(): { dir: string; file: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-journal-'))
  return {
    dir,
    file: join(dir, 'audit-journal.sqlite'),
    cleanup: () => rmSync(dir, { recursive: true, force: true })
  }
}

export const DEMO: JournalProfile = {
  id: 'demo-1',
  name: 'Demo',
  kind: 'demo',
  baseUrl: 'http://127.0.0.1:4010'
}

export const PRODUCTION: JournalProfile = {
  id: 'prod-1',
  name: 'Adriatic Homes',
  kind: 'production',
  baseUrl: 'https://api.example.test'
}

/** Midnight UTC of a day, plus `ms`. */
export const at = (day: string, ms = 0) => Date.parse(`${day}T00:00:00Z`) + ms

/** A clock the test moves: `clock.set(t)` for the next records. */
export function testClock(start = at('2026-03-01')) {
  let now = start
  return { now: () => now, set: (t: number) => void (now = t) }
}

export function cancelRecord(bookingId: string, over: Partial<WriteRecord> = {}): WriteRecord {
  return {
    action: 'cancel',
    profile: DEMO,
    bookingId,
    sent: { bookingId, reason: 'Guest asked', message: 'Sorry to see you go', by: 'guest' },
    ...over
  }
}
