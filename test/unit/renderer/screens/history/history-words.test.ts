import { describe, expect, it } from 'vitest'
import { sentenceDate } from '@shared/domain/date-words'
import type { ResourceStatus, SyncStatus } from '@shared/ipc/sync.schema'
import {
  emptyWords,
  historyCountText,
  historySourceText,
  listingWords,
  rowSubject
} from '../../../../../src-renderer/src/screens/history/history-words'

const NOW = Date.UTC(2026, 4, 14, 12, 0)
const MIN = 60_000

function resource(
  name: ResourceStatus['resource'],
  lastSuccessAt: number | null,
  records = 10
): ResourceStatus {
  return {
    resource: name,
    phase: lastSuccessAt === null ? 'never' : 'delta',
    lastSuccessAt,
    dataAgeMs: lastSuccessAt === null ? null : NOW - lastSuccessAt,
    records,
    quarantined: 0,
    lastError: null
  }
}

function status(over: Partial<SyncStatus> = {}): SyncStatus {
  return {
    profileId: 'demo',
    running: false,
    offline: false,
    resources: [
      resource('listings', NOW - 5 * MIN),
      resource('availability', NOW - 30 * MIN),
      resource('rates', NOW - 2 * MIN)
    ],
    ...over
  }
}

describe('where the history comes from', () => {
  it('says the offline copy’s age by the least recent resource of all kinds', () => {
    expect(historySourceText(status(), null, NOW)).toBe(
      'Offline copy, synced 30 minutes ago · a change is recorded when a sync finds it'
    )
  })

  it('judges one kind by its own resource', () => {
    expect(historySourceText(status(), 'price', NOW)).toBe(
      'Offline copy, synced 2 minutes ago · a change is recorded when a sync finds it'
    )
    expect(historySourceText(status(), 'listing', NOW)).toMatch(/^Offline copy, synced 5 minutes/)
  })

  it('says when the copy was never synced, and when the service is unreachable', () => {
    const never = status({
      resources: [
        resource('listings', null, 0),
        resource('availability', NOW),
        resource('rates', NOW)
      ]
    })
    expect(historySourceText(never, null, NOW)).toMatch(/^Offline copy, not synced yet/)
    expect(historySourceText(status({ offline: true }), 'price', NOW)).toContain(
      'the service can’t be reached right now'
    )
  })
})

describe('the history in words', () => {
  it('counts the rows shown', () => {
    expect(historyCountText(0, 0, 0)).toBe('No changes')
    expect(historyCountText(1, 0, 1)).toBe('1 change')
    expect(historyCountText(12, 0, 12)).toBe('12 changes')
    expect(historyCountText(134, 50, 50)).toBe('Showing 51–100 of 134 changes')
  })

  it('names what changed, and a listing no longer in the copy by its id', () => {
    // The night as every sentence writes a day, as the listing page's live check says it.
    expect(rowSubject({ kind: 'price', key: '2027-02-14' })).toBe(
      `Price of ${sentenceDate('2027-02-14')}`
    )
    expect(rowSubject({ kind: 'availability', key: '2027-02-14' })).toBe(
      `Availability of ${sentenceDate('2027-02-14')}`
    )
    expect(rowSubject({ kind: 'listing', key: 'houseRules' })).toBe('House rules')
    expect(rowSubject({ kind: 'price', key: 'rule:longerStay' })).toBe('Rate rule longer stay')
    expect(listingWords({ listingId: 5, listingName: 'Casa Rosa' })).toBe('Casa Rosa')
    expect(listingWords({ listingId: 5, listingName: null })).toBe(
      'Listing 5 (no longer in the offline copy)'
    )
  })

  it('says what to do when nothing is listed', () => {
    expect(emptyWords(false, true).title).toBe('No data yet — run a sync')
    expect(emptyWords(false, false)).toMatchObject({ title: 'No change recorded yet' })
    expect(emptyWords(false, false).text).toMatch(/appear after a sync finds them/)
    expect(emptyWords(true, false).title).toBe('No change matches these filters')
  })
})
