import { describe, expect, it } from 'vitest'
import { HUB_UNREACHABLE } from '@shared/hub/words'
import type { ResourceStatus, SyncStatus } from '@shared/ipc/sync.schema'
import {
  dataAgeText,
  fromCopyText,
  fromServiceText,
  keptSourceText,
  unreachableText,
  withAgeFlags
} from '../../../../src-renderer/src/components/data-source'
import { liveQuoteAskedText } from '../../../../src-renderer/src/screens/quote/live-words'
import {
  liveAskedText,
  sourceText
} from '../../../../src-renderer/src/screens/availability/results-words'

/**
 * Issue 22: on a team profile the copy is synced from the team hub, and an outage is the hub's.
 * Every data-age line says so; a profile of one's own reads exactly as before.
 */

const MIN = 60_000
const DAY = 24 * 60 * MIN
const now = 10 * DAY

const rates: ResourceStatus = {
  resource: 'rates',
  phase: 'delta',
  lastSuccessAt: now - 5 * MIN,
  dataAgeMs: 5 * MIN,
  records: 60,
  quarantined: 0,
  lastError: null
}
const own: SyncStatus = { profileId: 'p', running: false, offline: false, resources: [rates] }
const team: SyncStatus = { ...own, via: 'hub' }

describe("a team profile's data-age line", () => {
  it('says the copy comes from the team hub', () => {
    expect(dataAgeText(team, rates, now)).toBe(
      'Offline copy from the team hub, synced 5 minutes ago'
    )
    expect(dataAgeText(own, rates, now)).toBe('Offline copy, synced 5 minutes ago')
  })

  it('says the team hub can’t be reached, in the hub’s words, never the service', () => {
    const text = dataAgeText({ ...team, offline: true }, rates, now)
    expect(text).toBe(
      "Offline copy from the team hub, synced 5 minutes ago · the team hub can't be reached right now"
    )
    expect(text).not.toContain('service')
    expect(unreachableText('hub', true)).toBe(HUB_UNREACHABLE)
    expect(dataAgeText({ ...own, offline: true }, rates, now)).toBe(
      'Offline copy, synced 5 minutes ago · the service can’t be reached right now'
    )
  })

  it('says where a first download comes from while it fills the copy', () => {
    const first = { ...rates, lastSuccessAt: null, dataAgeMs: null, phase: 'full' as const }
    expect(dataAgeText({ ...team, running: true }, first, now)).toBe(
      'Offline copy from the team hub, first download in progress: 60 rate records so far'
    )
  })
})

describe("a team profile's panel lines", () => {
  it('name the team hub as the copy’s source and its outage', () => {
    expect(fromCopyText(now - 5 * MIN, now, { via: 'hub' })).toBe(
      'from the offline copy, synced from the team hub 5 minutes ago'
    )
    expect(fromCopyText(null, now, { what: 'rates', via: 'hub', opens: true })).toBe(
      'From the offline copy, whose first sync of rates from the team hub has not finished'
    )
    expect(
      withAgeFlags('Offline copy of this listing’s rates', now - MIN, true, now, 'brief', 'hub')
    ).toBe("Offline copy of this listing’s rates · the team hub can't be reached")
    expect(sourceText(now - 3 * DAY, now, 'hub')).toBe(
      'from the offline copy, synced from the team hub 3 days ago · older than a day'
    )
  })

  it('say a live answer came from the service through the team hub', () => {
    expect(fromServiceText(now - 1000, now, 'hub')).toMatch(
      /^From the service through the team hub, asked just now \(.+\)\.$/
    )
    expect(fromServiceText(now - 1000, now)).toMatch(/^From the service, asked just now/)
    // The ask goes to the hub: while nothing came back, it is the hub StayDesk is waiting for.
    expect(liveQuoteAskedText({ phase: 'asking' }, now, now, 'hub')).toBe('Asking the team hub…')
    expect(liveQuoteAskedText({ phase: 'answered' }, now - 1000, now, 'hub')).toMatch(
      /^From the service through the team hub/
    )
    expect(liveAskedText({ phase: 'answered' }, now - 1000, now, 'hub')).toMatch(
      /^From the service through the team hub/
    )
    expect(keptSourceText({ source: 'live', summary: { fetchedAt: now - 1000 } }, now, 'hub')).toBe(
      'Live from the service through the team hub, read just now'
    )
  })
})
