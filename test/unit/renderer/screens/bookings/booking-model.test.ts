import { describe, expect, it } from 'vitest'
import { bookingIdIn } from '../../../../../src-renderer/src/screens/bookings/booking-model'

describe('a booking id typed anywhere', () => {
  it('is "SB" and digits, in any case, with the spaces and "#" people copy along', () => {
    expect(bookingIdIn('SB00012345')).toBe('SB00012345')
    expect(bookingIdIn(' sb00012345 ')).toBe('SB00012345')
    expect(bookingIdIn('#SB 0001 2345')).toBe('SB00012345')
    expect(bookingIdIn('SB-00012345')).toBe('SB00012345')
  })
  it('is not a listing id, a reference or a word', () => {
    for (const text of ['100026', 'WEB-123456', 'SB', 'SBX123', 'Nice', '', 'SB12a']) {
      expect(bookingIdIn(text), text).toBeNull()
    }
  })
})
