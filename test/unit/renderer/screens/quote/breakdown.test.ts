import { describe, expect, it } from 'vitest'
import type { QuoteView } from '@shared/ipc/quotes.schema'
import {
  bookingTypeText,
  checkInLines,
  differenceLine,
  differencesTitle,
  discountRuleText,
  isServiceTrouble,
  liveDiscountNote,
  offlineAgeText,
  offlineDiscountNote,
  refreshedText,
  sideMessage,
  totalLines
} from '../../../../../src-renderer/src/screens/quote/breakdown'
import { cleaningLabel } from '@shared/domain/money-lines'

/** The worked example of docs/pricing.md, in cents. */
const view = (over: Partial<QuoteView> = {}): QuoteView => ({
  beforeDiscountCents: 58575,
  discountCents: 4686,
  discountRule: null,
  rentalRateCents: 53889,
  cleaningFeeBasis: 'mandatory',
  cleaningCents: 8000,
  totalCents: 61889,
  taxes: [
    { name: 'VAT', cents: 5389 },
    { name: 'Tourist fee', cents: 3000 }
  ],
  localTaxCents: 3200,
  securityDepositCents: 30000,
  instalments: [
    { name: 'deposit', amountCents: 18567, dueDate: '2026-11-22' },
    { name: 'balance', amountCents: 43322, dueDate: '2026-12-06' }
  ],
  bookingType: 'instant',
  cancellationPolicyName: 'Moderate',
  cancellation: 'Full refund up to 14 days before arrival.',
  nightly: null,
  ...over
})

const priced = (q: QuoteView) => ({ state: 'priced' as const, quote: q })

describe('the lines of a quote', () => {
  it('adds up to the total: before discount, minus the discount, rental, mandatory cleaning', () => {
    const lines = totalLines(view())
    expect(lines.map((l) => [l.key, l.cents, !!l.minus])).toEqual([
      ['beforeDiscount', 58575, false],
      ['discount', 4686, true],
      ['rental', 53889, false],
      ['cleaning', 8000, false],
      ['total', 61889, false]
    ])
    expect(lines.at(-1)).toMatchObject({ label: 'Total to pay', total: true })
  })

  it('leaves out a zero discount and cleaning included in the rent', () => {
    const lines = totalLines(
      view({
        discountCents: 0,
        beforeDiscountCents: 53889,
        cleaningFeeBasis: 'included',
        cleaningCents: 0,
        totalCents: 53889
      })
    )
    expect(lines.map((l) => l.key)).toEqual(['beforeDiscount', 'rental', 'total'])
  })

  it('says whether cleaning is in the total', () => {
    expect(cleaningLabel('mandatory')).toBe('Cleaning (mandatory, in the total)')
    expect(cleaningLabel('optional')).toBe('Cleaning (optional, not in the total)')
    expect(cleaningLabel('included')).toBe('Cleaning (included in the rent)')
    expect(cleaningLabel('perStay')).toBe('Cleaning (perStay)')
  })

  it('lists what is paid at check-in: each tax, then the local tax', () => {
    expect(checkInLines(view()).map((l) => [l.label, l.cents])).toEqual([
      ['VAT', 5389],
      ['Tourist fee', 3000],
      ['Local tax', 3200]
    ])
    expect(checkInLines(view({ taxes: [], localTaxCents: null }))).toEqual([])
  })

  it('puts the booking type in words', () => {
    expect(bookingTypeText('instant')).toBe('Instant booking: confirmed at once')
    expect(bookingTypeText('onRequest')).toMatch(/confirms within 24 hours/)
    expect(bookingTypeText(null)).toBe('Not stated')
  })
})

describe('the discount rule', () => {
  const rule = { kind: 'earlyBird' as const, percent: 8 }

  it('names the estimate’s rule under the live discount when the amounts agree', () => {
    const note = liveDiscountNote(view(), priced(view({ discountRule: rule })))
    expect(note).toBe('Early-bird discount, 8% (rule from the offline estimate; the amounts agree)')
  })

  it('says the rule is not stated by the service when the amounts differ or no estimate', () => {
    expect(
      liveDiscountNote(view(), priced(view({ discountRule: rule, discountCents: 4000 })))
    ).toBe('Rule not stated by the service')
    expect(liveDiscountNote(view(), { state: 'unknown-listing' })).toBe(
      'Rule not stated by the service'
    )
  })

  it('has no note without a discount', () => {
    expect(liveDiscountNote(view({ discountCents: 0 }), priced(view()))).toBeUndefined()
    expect(offlineDiscountNote(view({ discountCents: 0 }))).toBeUndefined()
  })

  it('words each kind of rule', () => {
    expect(discountRuleText({ kind: 'longerStay', percent: 10 })).toBe('Longer-stay discount, 10%')
    expect(discountRuleText({ kind: 'lastMinute', percent: 15 })).toBe('Last-minute discount, 15%')
    expect(offlineDiscountNote(view({ discountRule: rule }))).toBe('Early-bird discount, 8%')
  })
})

describe('what a side without a price says', () => {
  it('gives the reason alone when the service is unreachable (the heading says the rest)', () => {
    expect(sideMessage({ state: 'unreachable', message: 'no connection' }, 'live')).toBe(
      'no connection'
    )
  })

  it('introduces the service’s reasons for an unavailable stay', () => {
    expect(sideMessage({ state: 'unavailable', reasons: ['x'] }, 'live')).toBe(
      'The service says this stay cannot be booked:'
    )
    expect(sideMessage({ state: 'unavailable', reasons: ['x'] }, 'offline')).toMatch(/offline copy/)
  })

  it('says nothing for a priced side', () => {
    expect(sideMessage(priced(view()), 'live')).toBeUndefined()
  })
})

describe('differences and the age of the copy', () => {
  it('warns that the copy may be stale, counting the amounts', () => {
    expect(differencesTitle(1)).toMatch(/differ in 1 amount: the offline copy may be stale$/)
    expect(differencesTitle(3)).toMatch(/differ in 3 amounts/)
    expect(
      differenceLine({
        field: 'totalCents',
        label: 'Total to pay',
        live: '€1.00',
        offline: '€2.00'
      })
    ).toBe('Total to pay: live €1.00, offline €2.00')
  })

  it('says how old the listing’s copy is', () => {
    const now = Date.UTC(2026, 10, 22, 12, 0)
    expect(offlineAgeText(now - 5 * 60_000, now)).toMatch(
      /^Offline copy of this listing’s rates from 5 minutes ago/
    )
    expect(offlineAgeText(null, now)).toMatch(/not been synced/)
  })

  it('says what a refresh changed', () => {
    const r = { listingId: 1, found: true, refreshedAt: 0 }
    expect(
      refreshedText({ ...r, changed: { listings: false, availability: false, rates: true } })
    ).toBe('Refreshed from the service: its rates changed in the offline copy.')
    expect(
      refreshedText({ ...r, changed: { listings: true, availability: true, rates: true } })
    ).toBe(
      'Refreshed from the service: the listing, its calendar and its rates changed in the offline copy.'
    )
    expect(
      refreshedText({ ...r, changed: { listings: false, availability: false, rates: false } })
    ).toMatch(/already up to date/)
    expect(
      refreshedText({
        ...r,
        found: false,
        changed: { listings: false, availability: false, rates: false }
      })
    ).toMatch(/no longer publishes/)
  })
})

describe('a failed ask', () => {
  it('is the service’s trouble when it is away, failing, unreadable or its answer lost', () => {
    for (const code of [
      'offline',
      'timeout',
      'server-error',
      'rate-limited',
      'bad-response',
      'outcome-unknown'
    ] as const) {
      expect(isServiceTrouble(code), code).toBe(true)
    }
  })

  it('is StayDesk’s to report otherwise', () => {
    expect(isServiceTrouble('database')).toBe(false)
    expect(isServiceTrouble('bad-input')).toBe(false)
    expect(isServiceTrouble(undefined)).toBe(false)
  })
})
