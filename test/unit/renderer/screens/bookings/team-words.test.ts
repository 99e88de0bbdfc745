import { describe, expect, it } from 'vitest'
import {
  bookingsLead,
  noWritesText,
  refusedText,
  refusedTitle,
  writeLine,
  writesTitle
} from '../../../../../src-renderer/src/screens/bookings/team-words'
import { outcomeTitle } from '../../../../../src-renderer/src/screens/quote/outcome'
import { formatDateTime } from '../../../../../src-renderer/src/components/text'

/** Issue 22: the booking screens on a team profile say who did what, the hub or the service. */
describe('who refused a write', () => {
  const hubConflict = {
    code: 'conflict' as const,
    message:
      'The team hub did not send it: aldo sent a cancellation of SB1 at 14:02 UTC; its outcome is done.'
  }
  const serviceConflict = {
    code: 'conflict' as const,
    message: 'The service refused the request because of the current state of the item.'
  }

  it('names the team hub when it sent nothing, and the service when it refused', () => {
    expect(refusedTitle('cancellation', hubConflict, 'hub')).toBe(
      'The team hub did not send the cancellation'
    )
    expect(refusedTitle('cancellation', serviceConflict, 'hub')).toBe(
      'The service refused the cancellation'
    )
    expect(refusedTitle('payment', serviceConflict, 'service')).toBe(
      'The service refused the payment'
    )
  })

  it('says under that title only the hub\'s reason, not "did not send" a second time', () => {
    expect(refusedText(hubConflict, 'hub')).toBe(
      'aldo sent a cancellation of SB1 at 14:02 UTC; its outcome is done.'
    )
    expect(refusedText(serviceConflict, 'hub')).toBe(serviceConflict.message)
    // Off a team profile the sentence is shown whole, as main wrote it.
    expect(refusedText(hubConflict, 'service')).toBe(hubConflict.message)
  })

  it("a role's refusal and a missing typed confirmation on a team profile are the hub's", () => {
    const role = { code: 'forbidden' as const, message: 'This profile is not allowed to do that.' }
    expect(refusedTitle('payment', role, 'hub')).toBe('The team hub did not send the payment')
    expect(refusedTitle('payment', role, 'service')).toBe('The service refused the payment')
    const typed = {
      code: 'bad-input' as const,
      message: 'The team hub needs the typed confirmation of this production write: type SB1'
    }
    expect(refusedTitle('cancellation', typed, 'hub')).toBe(
      'The team hub did not send the cancellation'
    )
  })

  it("a create's refused title names who refused it", () => {
    const refused = {
      outcome: 'refused' as const,
      ...hubConflict,
      serviceMessage: null,
      field: null,
      booking: null
    }
    expect(outcomeTitle(refused, 'hub')).toBe('The team hub did not send the booking')
    expect(outcomeTitle({ ...refused, ...serviceConflict })).toBe('The service refused the booking')
  })
})

describe("a booking's writes", () => {
  const at = Date.parse('2026-11-12T14:02:00')

  it('names who sent each write when the journal says so', () => {
    const w = { action: 'cancel' as const, sentAt: at, outcome: 'done' as const, message: null }
    expect(writeLine({ ...w, user: 'aldo' })).toBe(
      `Cancel booking · sent ${formatDateTime(at)} by aldo · Done`
    )
    expect(writeLine(w)).toBe(`Cancel booking · sent ${formatDateTime(at)} · Done`)
    expect(writeLine({ ...w, outcome: 'refused', message: 'Too late', user: 'vera' })).toBe(
      `Cancel booking · sent ${formatDateTime(at)} by vera · Refused: Too late`
    )
  })

  it("is titled the team hub's on a team profile", () => {
    expect(writesTitle('hub')).toBe('Writes through the team hub')
    expect(writesTitle('service')).toBe('Writes from StayDesk')
    expect(noWritesText('hub')).toContain('through the team hub')
    expect(noWritesText('hub')).not.toContain('this computer')
    expect(noWritesText('service')).toContain('from this computer')
  })
})

describe('the Bookings screen line', () => {
  it('says the team hub reads them on a team profile', () => {
    expect(bookingsLead('hub')).toMatch(
      /^Bookings are read live through the team hub, from the service,/
    )
    expect(bookingsLead('service')).toMatch(/^Bookings are read live from the service and kept/)
  })
})
