import { describe, expect, it } from 'vitest'
import { copyAgeTone } from '../../../../src-renderer/src/components/data-age'
import {
  ageFlags,
  agoAt,
  atAgo,
  fromCopyText,
  keptSourceText,
  withAgeFlags
} from '../../../../src-renderer/src/components/data-source'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const now = 10 * DAY
const NOW = now

describe('the flags every data-age line adds', () => {
  it('says in words what the colour says, after the line’s own age', () => {
    expect(ageFlags(now - 1000, false, now)).toEqual([])
    expect(withAgeFlags('Copy from 3 days ago', now - 3 * DAY, false, now)).toBe(
      'Copy from 3 days ago · older than a day: a sync brings it up to date'
    )
    expect(withAgeFlags('Copy from just now', now - 1000, true, now)).toBe(
      'Copy from just now · the service can’t be reached right now'
    )
    expect(withAgeFlags('Copy from 3 days ago', now - 3 * DAY, true, now)).toBe(
      'Copy from 3 days ago · older than a day: a sync brings it up to date · the service can’t be reached right now'
    )
    // Briefly on a panel's line, below the screen's own line that gives the advice.
    expect(withAgeFlags('Copy from 3 days ago', now - 3 * DAY, true, now, 'brief')).toBe(
      'Copy from 3 days ago · older than a day · the service can’t be reached'
    )
  })

  it('says when the service was asked in words and as a time', () => {
    expect(agoAt(now - 10_000, now)).toMatch(/^just now \(.+\)$/)
    expect(agoAt(now - 2 * 60 * 60_000, now)).toMatch(/^2 hours ago \(.+\)$/)
  })
})

describe('a panel’s line on the offline copy it was read from', () => {
  // The calendar's months (formerly screens/calendar/source-words.ts: sourceWords).
  const months = (asOf: number | null, offline = false) => ({
    text: fromCopyText(asOf, now, { what: 'rates', time: true, offline, opens: true }),
    tone: copyAgeTone(asOf, offline, now)
  })

  it('is quiet while the copy is fresh', () => {
    const words = months(now - 5 * MIN)
    expect(words.tone).toBe('fresh')
    expect(words.text).toMatch(/^From the offline copy, rates synced 5 minutes ago \([^)]+\)$/)
  })

  it('flags a copy older than a day in words and tone, not the grey of "just now"', () => {
    const words = months(now - 3 * DAY)
    expect(words.tone).toBe('stale')
    expect(words.text).toContain('rates synced 3 days ago')
    expect(words.text).toContain('older than a day: a sync brings it up to date')
  })

  it('says when the service can’t be reached, in the offline tone', () => {
    const words = months(now - 2 * HOUR, true)
    expect(words.tone).toBe('offline')
    expect(words.text).toContain('the service can’t be reached right now')
    expect(words.text).not.toContain('older than a day')
  })

  it('says when the first sync has not finished, naming what when the line does', () => {
    expect(months(null)).toEqual({
      text: 'From the offline copy, whose first sync of rates has not finished',
      tone: 'fresh'
    })
    expect(fromCopyText(null, now)).toBe('from the offline copy, whose first sync has not finished')
  })

  it('says the age alone, as a clause, for a line that follows another', () => {
    expect(fromCopyText(now - 5 * MIN, now)).toBe('from the offline copy, synced 5 minutes ago')
    expect(fromCopyText(now - 3 * DAY, now, { words: 'brief' })).toBe(
      'from the offline copy, synced 3 days ago · older than a day'
    )
  })
})

describe('when, in two orders', () => {
  it('puts the age first for an ask, the time first for a record', () => {
    expect(agoAt(now - 5 * MIN, now)).toMatch(/^5 minutes ago \(.+\)$/)
    expect(atAgo(now - 5 * MIN, now)).toMatch(/^.+ \(5 minutes ago\)$/)
  })
})

describe('where a booking on screen comes from', () => {
  it('says "live" with the read’s age', () => {
    expect(keptSourceText({ source: 'live', summary: { fetchedAt: NOW - 3 * MIN } }, NOW)).toBe(
      'Live from the service, read 3 minutes ago'
    )
  })

  it('says "Copy from <time>: <note>" for a kept copy, not an error', () => {
    const text = keptSourceText(
      {
        source: 'copy',
        note: 'the service can’t be reached',
        summary: { fetchedAt: NOW - 2 * 60 * MIN }
      },
      NOW
    )
    expect(text).toMatch(/^Copy from .+ \(2 hours ago\): the service can’t be reached$/)
    expect(text).not.toMatch(/error/i)
  })
})
