import { describe, expect, it } from 'vitest'
import {
  dueWords,
  sourceText,
  spanWords,
  timeLeft
} from '../../../../../src-renderer/src/screens/bookings/time-words'

const NOW = Date.UTC(2026, 10, 23, 10, 0)
const MIN = 60_000

describe('time left to pay', () => {
  it('counts down in at most two units', () => {
    expect(spanWords(4 * MIN)).toBe('4 minutes')
    expect(spanWords(125 * MIN)).toBe('2 hours 5 minutes')
    expect(spanWords(120 * MIN)).toBe('2 hours')
    expect(spanWords((27 * 60 + 30) * MIN)).toBe('1 day 3 hours')
    expect(spanWords(20_000)).toBe('less than a minute')
  })

  it('is urgent under two hours, soon under a day', () => {
    const at = (ms: number) => new Date(NOW + ms).toISOString()
    expect(timeLeft(at(90 * MIN), NOW)).toMatchObject({
      urgency: 'urgent',
      text: '1 hour 30 minutes left'
    })
    expect(timeLeft(at(5 * 60 * MIN), NOW).urgency).toBe('soon')
    expect(timeLeft(at(30 * 60 * MIN), NOW).urgency).toBe('later')
  })

  it('says a passed deadline as passed, and an unknown one as not known', () => {
    const passed = timeLeft(new Date(NOW - 10 * MIN).toISOString(), NOW)
    expect(passed).toMatchObject({ urgency: 'passed', text: 'deadline passed 10 minutes ago' })
    expect(timeLeft(null, NOW)).toEqual({
      urgency: 'unknown',
      text: 'deadline not known',
      deadline: null
    })
    expect(timeLeft('soon', NOW).urgency).toBe('unknown')
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

describe('where a booking on screen comes from', () => {
  it('says "live" with the read’s age', () => {
    expect(sourceText({ source: 'live', summary: { fetchedAt: NOW - 3 * MIN } }, NOW)).toBe(
      'Live from the service, read 3 minutes ago'
    )
  })

  it('says "Copy from <time>: <note>" for a kept copy, not an error', () => {
    const text = sourceText(
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
