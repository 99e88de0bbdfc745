import { describe, expect, it } from 'vitest'
import { cancelFormResolver } from '../../../../../src-renderer/src/screens/bookings/form-schemas'
import { openWriteText } from '../../../../../src-renderer/src/screens/bookings/write-words'
import { isOpenWrite } from '../../../../../src-renderer/src/screens/bookings/write-state'

/** Issue 20: open writes on the booking page, and card numbers stopped in the cancel form. */
describe('open writes', () => {
  const at = Date.parse('2026-11-25T14:02:00')
  const settlement = { at, result: 'done' as const, note: 'n', profileName: 'Demo', by: 'ada' }

  it('an unknown or unanswered write is open until settled; a known outcome never is', () => {
    expect(isOpenWrite({ outcome: 'unknown', settlement: null })).toBe(true)
    expect(isOpenWrite({ outcome: 'pending', settlement: null })).toBe(true)
    expect(isOpenWrite({ outcome: 'unknown', settlement })).toBe(false)
    expect(isOpenWrite({ outcome: 'done', settlement: null })).toBe(false)
    expect(isOpenWrite({ outcome: 'refused', settlement: null })).toBe(false)
  })

  it('says what was sent, when, and that its outcome is unknown', () => {
    const text = openWriteText({ action: 'cancel', outcome: 'unknown', sentAt: at }, at + 60_000)
    expect(text).toMatch(/^Cancellation sent at .*02.*, outcome unknown$/)
    expect(openWriteText({ action: 'pay', outcome: 'pending', sentAt: at }, at)).toMatch(
      /^Payment sent at .+, no answer recorded$/
    )
  })
})

describe('the cancel form', () => {
  it('flags a card number in the reason or the message on that field', () => {
    const errors = cancelFormResolver({
      by: 'guest',
      reason: 'Refund to 4242 4242 4242 4242',
      message: 'card 5555555555554444'
    })
    expect(errors.reason).toMatch(/^Reason must not hold a card number/)
    expect(errors.message).toMatch(/^Message must not hold a card number/)
    expect(cancelFormResolver({ by: 'guest', reason: 'Flight SB10112648', message: 'ok' })).toEqual(
      {}
    )
  })
})
