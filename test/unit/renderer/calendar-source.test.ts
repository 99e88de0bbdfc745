import { describe, expect, it } from 'vitest'
import type { ResourceStatus, SyncStatus } from '@shared/ipc/views.schema'
import { sourceWords } from '../../../src-renderer/src/screens/calendar/source-words'

const HOUR = 60 * 60_000
const now = Date.UTC(2026, 10, 23, 12)

const resource = (lastSuccessAt: number | null): ResourceStatus => ({
  resource: 'rates',
  phase: 'delta',
  lastSuccessAt,
  dataAgeMs: lastSuccessAt === null ? null : now - lastSuccessAt,
  records: 60,
  quarantined: 0,
  lastError: null
})

const status = (lastSuccessAt: number | null, offline = false): SyncStatus => ({
  profileId: 'p1',
  running: false,
  offline,
  resources: [resource(lastSuccessAt)]
})

describe('the months’ data-age line', () => {
  it('is quiet while the copy is fresh', () => {
    const at = now - 5 * 60_000
    const words = sourceWords(at, status(at), now)
    expect(words.tone).toBe('fresh')
    expect(words.text).toMatch(/^From the offline copy, rates synced 5 minutes ago \(.+\)\.$/)
  })

  it('flags a copy older than a day in words and tone, not the grey of "just now"', () => {
    const at = now - 3 * 24 * HOUR
    const words = sourceWords(at, status(at), now)
    expect(words.tone).toBe('stale')
    expect(words.text).toContain('rates synced 3 days ago')
    expect(words.text).toContain('older than a day: a sync brings it up to date')
    // Before the sync status is read, the age alone still flags it.
    expect(sourceWords(at, undefined, now).tone).toBe('stale')
  })

  it('says when the service can’t be reached, in the offline tone', () => {
    const at = now - 2 * HOUR
    const words = sourceWords(at, status(at, true), now)
    expect(words.tone).toBe('offline')
    expect(words.text).toContain('the service can’t be reached right now')
    expect(words.text).not.toContain('older than a day')
  })

  it('says when the rates were never synced', () => {
    expect(sourceWords(null, status(null), now)).toEqual({
      text: 'From the offline copy; its rates have not been synced yet.',
      tone: 'fresh'
    })
  })
})
