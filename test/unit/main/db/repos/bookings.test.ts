import { describe, expect, it } from 'vitest'
import { guestKey } from '../../../../../src-main/db/repos/bookings'

describe('guestKey', () => {
  it('holds the folded first name, last name and both, one per line', () => {
    expect(guestKey({ firstName: 'Zoë', lastName: 'Müller' })).toBe('zoe\nmuller\nzoe muller')
    expect(guestKey({ firstName: ' Søren ', lastName: 'Łukasz-Ærø' })).toBe(
      'soren\nlukasz-aero\nsoren lukasz-aero'
    )
  })

  it('keeps what there is of a partial guest, and is null without a name', () => {
    expect(guestKey({ lastName: 'Berg' })).toBe('berg')
    expect(guestKey({ firstName: 'Anna', lastName: '  ' })).toBe('anna')
    expect(guestKey({ email: 'a@example.com' })).toBeNull()
    expect(guestKey(undefined)).toBeNull()
  })
})
