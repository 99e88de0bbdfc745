import { describe, expect, it } from 'vitest'
import {
  ageFlags,
  askedWhen,
  copyAgeTone,
  withAgeFlags
} from '../../../../src-renderer/src/components/data-age'

const DAY = 24 * 60 * 60_000
const now = 10 * DAY

describe('one rule for every data-age line', () => {
  it('gives a copy older than a day its own tone, and a service out of reach its own', () => {
    expect(copyAgeTone(now - 3 * DAY, false, now)).toBe('stale')
    expect(copyAgeTone(now - 23 * 60 * 60_000, false, now)).toBe('fresh')
    expect(copyAgeTone(now - 1000, false, now)).toBe('fresh')
    expect(copyAgeTone(null, false, now)).toBe('fresh')
    expect(copyAgeTone(now - 1000, true, now)).toBe('offline')
    expect(copyAgeTone(now - 3 * DAY, true, now)).toBe('offline')
  })

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
    expect(askedWhen(now - 10_000, now)).toMatch(/^just now \(.+\)$/)
    expect(askedWhen(now - 2 * 60 * 60_000, now)).toMatch(/^2 hours ago \(.+\)$/)
  })
})
