import { describe, expect, it } from 'vitest'
import { dueWords, spanWords } from '../../../../../src-renderer/src/screens/bookings/time-words'

const MIN = 60_000

describe('a span in words', () => {
  it('counts down in at most two units', () => {
    expect(spanWords(4 * MIN)).toBe('4 minutes')
    expect(spanWords(125 * MIN)).toBe('2 hours 5 minutes')
    expect(spanWords(120 * MIN)).toBe('2 hours')
    expect(spanWords((27 * 60 + 30) * MIN)).toBe('1 day 3 hours')
    expect(spanWords(20_000)).toBe('less than a minute')
  })
})

describe('an instalment’s due date', () => {
  it('is said against the watch list’s today', () => {
    expect(dueWords('2026-11-23', '2026-11-23')).toBe('due today')
    expect(dueWords('2026-11-24', '2026-11-23')).toBe('due tomorrow')
    expect(dueWords('2026-11-30', '2026-11-23')).toBe('due in 7 days')
    expect(dueWords('2026-11-22', '2026-11-23')).toBe('overdue by 1 day')
    expect(dueWords('someday', '2026-11-23')).toBe('due date not known')
  })
})
