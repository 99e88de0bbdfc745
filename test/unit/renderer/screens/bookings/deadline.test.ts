import { describe, expect, it } from 'vitest'
import { timeLeft } from '../../../../../src-renderer/src/screens/bookings/deadline'

const NOW = Date.UTC(2026, 10, 23, 10, 0)
const MIN = 60_000

describe('time left to pay', () => {
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
