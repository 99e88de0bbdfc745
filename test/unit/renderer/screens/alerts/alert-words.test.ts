import { describe, expect, it } from 'vitest'
import { dateRange, plainDate } from '@shared/domain/date-words'
import { watchCommands } from '@shared/ipc/commands/watch'
import { DEFAULT_GUARDRAILS, type Alert } from '@shared/watch/alert.schema'
import {
  changeWords,
  checkWords,
  emptyText,
  nightRuns,
  nightsWords,
  recordedChangeWords,
  recordedWords,
  watchedWords,
  watchSourceText
} from '../../../../../src-renderer/src/screens/alerts/alert-words'
import {
  alertsInput,
  NO_ALERT_FILTERS
} from '../../../../../src-renderer/src/screens/alerts/alert-filters'
import { formatCents } from '../../../../../src-renderer/src/components/text'

const alert = (over: Partial<Alert>): Alert => ({
  id: 1,
  kind: 'price-drop',
  status: 'new',
  listingId: 100023,
  listingName: 'Casa Rosa',
  bookingId: null,
  nights: ['2027-02-10'],
  oldValue: 12000,
  newValue: 7000,
  limit: 30,
  change: null,
  reason: 'Casa Rosa: Feb 10 fell 42%.',
  firstSeen: 0,
  lastSeen: 0,
  ...over
})

describe('the alerts’ words', () => {
  it('group the nights into runs and say how many nights there are', () => {
    expect(nightRuns(['2027-02-12', '2027-02-10', '2027-02-11', '2027-02-20'])).toEqual([
      ['2027-02-10', '2027-02-12'],
      ['2027-02-20', '2027-02-20']
    ])
    expect(nightsWords(['2027-02-10'])).toBe(plainDate('2027-02-10'))
    expect(nightsWords(['2027-02-10', '2027-02-11', '2027-02-12', '2027-02-20'])).toBe(
      `${dateRange('2027-02-10', '2027-02-12')}; ${plainDate('2027-02-20')} (4 nights)`
    )
    // Many runs: the first three, then how many more (never a list that runs off the cell).
    const scattered = ['2027-03-01', '2027-03-03', '2027-03-05', '2027-03-07', '2027-03-09']
    expect(nightsWords(scattered)).toMatch(/; and 2 more runs \(5 nights\)$/)
  })

  it('write old and new values in the kind’s unit: money as money, minimum stays as nights', () => {
    expect(changeWords(alert({}))).toBe(`${formatCents(12000)} → ${formatCents(7000)}`)
    expect(changeWords(alert({ kind: 'min-stay-jump', oldValue: 2, newValue: 21 }))).toBe(
      '2 nights → 21 nights'
    )
    expect(changeWords(alert({ kind: 'no-rate', oldValue: 9900, newValue: null }))).toBe(
      `${formatCents(9900)} → no published rate`
    )
    // A double booking's night, in the service's words (it does not say booked).
    expect(changeWords(alert({ kind: 'double-booking', oldValue: null, newValue: null }))).toBe(
      'unavailable → available'
    )
    expect(changeWords(alert({ kind: 'price-floor', oldValue: null, newValue: null }))).toBe(null)
    // A floor hit has no old value: its price against the floor, never "— → €7.93".
    expect(
      changeWords(alert({ kind: 'price-floor', oldValue: null, newValue: 793, limit: 3000 }))
    ).toBe(`${formatCents(793)}, floor ${formatCents(3000)}`)
  })

  it('say the recorded availability in the service’s words, never “occupied”', () => {
    expect(recordedWords('double-booking', false)).toBe('unavailable')
    expect(recordedWords('double-booking', true)).toBe('available')
    expect(recordedWords('price-drop', 120.5)).toBe(formatCents(12050))
    expect(recordedWords('price-drop', null)).toBe('nothing recorded')
    // A night's record as the history keeps it: only the fields that moved, in words.
    const day = { available: false, checkInDay: true, checkOutDay: true, minStay: 7, maxStay: 60 }
    expect(recordedChangeWords('double-booking', day, { ...day, available: true })).toBe(
      'unavailable → available'
    )
    expect(recordedChangeWords('min-stay-jump', day, { ...day, minStay: 21 })).toBe(
      'minimum stay 7 nights → minimum stay 21 nights'
    )
    expect(recordedChangeWords('price-drop', 120, 70)).toBe(
      `${formatCents(12000)} → ${formatCents(7000)}`
    )
  })

  it('say what the watch looks for, from the profile’s guardrails, with the rules switched off left out', () => {
    const all = watchedWords(DEFAULT_GUARDRAILS)
    expect(all).toContain('kept confirmed bookings whose nights become bookable again')
    expect(all).toContain('prices dropping more than 30%')
    expect(all).toContain(`prices under ${formatCents(3000)}`)
    expect(all).toContain('open nights without a published rate')
    expect(all).toContain('minimum stays rising above 14 nights')
    const fewer = watchedWords({
      ...DEFAULT_GUARDRAILS,
      priceDropPercent: null,
      floorCents: null,
      noRate: false,
      minStayLimit: null
    })
    expect(fewer).toBe(
      'After each sync, StayDesk watches for kept confirmed bookings whose nights become bookable again.'
    )
    expect(emptyText('new', false, DEFAULT_GUARDRAILS, null)).toMatch(
      /It has not run yet: run a sync\.$/
    )
    expect(emptyText('new', true, DEFAULT_GUARDRAILS, 5)).toContain('clear them')
  })

  it('say when the watch last ran, or that it has not yet', () => {
    expect(watchSourceText(null, 0)).toContain('the watch has not run yet')
    expect(watchSourceText(1_000, 1_000 + 5 * 60_000)).toContain('the watch last ran 5 minutes ago')
  })

  it('say a check the service did not answer as the service’s silence, not as a failure', () => {
    const check = {
      id: 1,
      outcome: 'unknown' as const,
      words: '',
      checkedAt: 0,
      nights: [],
      bookingStatus: null,
      unreachable: true
    }
    const out = checkWords(check, 0)
    expect(out.title).toBe('The service did not answer')
    expect(out.text).not.toMatch(/error|failed|StayDesk/i)
    const answered = checkWords(
      {
        ...check,
        outcome: 'still-bookable',
        words: 'Feb 10 is still bookable.',
        unreachable: false
      },
      0
    )
    expect(answered.title).toMatch(/^The service answered, asked just now/)
    expect(answered.text).toBe('Feb 10 is still bookable.')
  })
})

describe('the alerts’ filters', () => {
  it('make the input watch:alerts takes, checked by its own schema', () => {
    const page = { limit: 50, offset: 0 }
    const input = watchCommands['watch:alerts'].input
    expect(input.parse(alertsInput(NO_ALERT_FILTERS, page))).toEqual({
      status: 'new',
      limit: 50,
      offset: 0
    })
    const all = alertsInput(
      { status: 'dismissed', kind: 'double-booking', listingId: '100023' },
      page
    )
    expect(input.parse(all)).toEqual({
      status: 'dismissed',
      kind: 'double-booking',
      listingId: 100023,
      limit: 50,
      offset: 0
    })
  })
})
