import { describe, expect, it } from 'vitest'
import { copyAgeTone } from '../../../../src-renderer/src/components/data-age'

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
})
