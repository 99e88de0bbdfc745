import { describe, expect, it } from 'vitest'
import { sentenceDate as d } from '@shared/domain/date-words'
import { z } from 'zod'
import { AvailabilitySearchInput } from '@shared/ipc/availability.schema'
import { CreateInput } from '@shared/ipc/bookings.schema'
import { QuoteInput } from '@shared/ipc/quotes.schema'
import { StayEstimateInput } from '@shared/ipc/calendar.schema'
import { QuoteRequest } from '@shared/api/quote.schema'
import {
  AVAILABILITY_WINDOW_DAYS,
  checkStayLength,
  MAX_STAY_NIGHTS,
  RATE_WINDOW_DAYS,
  stayWindow,
  stayWindowProblem
} from '@shared/domain/stay-limits'
import { TEXT_LIMITS } from '@shared/domain/text-limits'
import { addDays } from '@shared/domain/dates'

const TODAY = '2026-11-23'

describe('the windows the service publishes', () => {
  it('are two years of availability and one year of rates from today (spec, Limits)', () => {
    expect(AVAILABILITY_WINDOW_DAYS).toBe(730)
    expect(RATE_WINDOW_DAYS).toBe(365)
    expect(stayWindow(TODAY)).toEqual({
      first: TODAY,
      last: '2028-11-21',
      lastRated: '2027-11-22'
    })
  })

  it('take a stay inside them, to the last day with availability', () => {
    expect(stayWindowProblem({ from: TODAY, to: addDays(TODAY, 7) }, TODAY)).toBeNull()
    expect(stayWindowProblem({ from: '2028-11-14', to: '2028-11-21' }, TODAY)).toBeNull()
  })

  it('answer a stay past them with the window, on the date that is outside', () => {
    expect(stayWindowProblem({ from: '2028-11-14', to: '2028-11-22' }, TODAY)).toEqual({
      field: 'to',
      message:
        `Departure ${d('2028-11-22')} is past the availability window: the service publishes ` +
        `availability from today, ${d('2026-11-23')}, to ${d('2028-11-21')} (two years).`
    })
    expect(stayWindowProblem({ from: '2029-01-01', to: '2029-01-08' }, TODAY)?.field).toBe('from')
    expect(stayWindowProblem({ from: '2026-11-20', to: '2026-11-27' }, TODAY)).toEqual({
      field: 'from',
      message: `Arrival ${d('2026-11-20')} is in the past (today is ${d('2026-11-23')}).`
    })
  })
})

describe('the longest stay', () => {
  const lengthOnly = z.object({ from: z.string(), to: z.string() }).superRefine(checkStayLength)

  it('is the availability window: 730 nights pass, 731 are refused on the departure', () => {
    expect(MAX_STAY_NIGHTS).toBe(730)
    expect(
      lengthOnly.safeParse({ from: '2027-01-01', to: addDays('2027-01-01', 730) }).success
    ).toBe(true)
    const r = lengthOnly.safeParse({ from: '2027-01-01', to: addDays('2027-01-01', 731) })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0].path).toEqual(['to'])
    expect(r.error?.issues[0].message).toMatch(/at most 730 nights after arrival.*has 731/)
  })

  it('holds on every IPC input that takes a stay, so main never walks 7,900 years of nights', () => {
    const stay = { from: '2027-01-01', to: '9027-01-01', adults: 2 }
    const withListing = { ...stay, listingId: 100001 }
    for (const r of [
      AvailabilitySearchInput.safeParse(stay),
      QuoteInput.safeParse(withListing),
      StayEstimateInput.safeParse(withListing)
    ]) {
      expect(r.success).toBe(false)
      expect(r.error?.issues.map((i) => [i.path.join('.'), /at most 730/.test(i.message)])).toEqual(
        [['to', true]]
      )
    }
    const create = CreateInput.safeParse({
      stay: { ...stay, listingId: 100001 },
      guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }
    })
    expect(create.success).toBe(false)
    expect(create.error?.issues.map((i) => i.path.join('.'))).toContain('stay.to')
  })

  it('is not the service’s rule: the wire schema the sandbox parses with leaves it to the service', () => {
    expect(
      QuoteRequest.safeParse({
        listingId: 1,
        ...{ from: '2027-01-01', to: '9027-01-01' },
        adults: 2
      }).success
    ).toBe(true)
  })
})

describe('free-text limits', () => {
  const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }
  const stay = { listingId: 100001, from: '2027-01-01', to: '2027-01-08', adults: 2 }

  it('refuse a guest name longer than a name, on its field', () => {
    const long = 'A'.repeat(TEXT_LIMITS.guestName + 1)
    const r = CreateInput.safeParse({ stay, guest: { ...guest, lastName: long } })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0].path).toEqual(['guest', 'lastName'])
    expect(r.error?.issues[0].message).toBe('must be at most 100 characters')
    expect(
      CreateInput.safeParse({ stay, guest: { ...guest, lastName: 'A'.repeat(100) } }).success
    ).toBe(true)
  })

  it('refuse notes over 4,000 characters', () => {
    const r = CreateInput.safeParse({ stay, guest, notes: 'x'.repeat(TEXT_LIMITS.notes + 1) })
    expect(r.error?.issues[0].message).toBe('must be at most 4,000 characters')
  })
})
