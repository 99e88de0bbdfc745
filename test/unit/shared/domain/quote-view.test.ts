import { describe, expect, it } from 'vitest'
import type { QuoteView } from '@shared/ipc/quotes.schema'
import { quoteDifferences } from '@shared/domain/quote-view'
import { sentenceDate } from '@shared/domain/date-words'

const base: QuoteView = {
  beforeDiscountCents: 70000,
  discountCents: 0,
  discountRule: null,
  rentalRateCents: 70000,
  cleaningFeeBasis: 'mandatory',
  cleaningCents: 5000,
  totalCents: 75000,
  taxes: [],
  localTaxCents: null,
  securityDepositCents: 0,
  instalments: [
    { name: 'deposit', amountCents: 22500, dueDate: '2026-11-23' },
    { name: 'balance', amountCents: 52500, dueDate: '2027-01-11' }
  ],
  bookingType: 'instant',
  cancellationPolicyName: 'Flexible',
  cancellation: null,
  nightly: null
}

describe('quote differences', () => {
  it('names the instalment plan’s due dates as every sentence does, never YYYY-MM-DD', () => {
    const offline: QuoteView = {
      ...base,
      instalments: [{ name: 'full', amountCents: 75000, dueDate: '2026-11-23' }]
    }
    const [plan] = quoteDifferences(base, offline)
    expect(plan).toEqual({
      field: 'instalments',
      label: 'Instalments',
      live:
        `deposit €225.00 due ${sentenceDate('2026-11-23')}, ` +
        `balance €525.00 due ${sentenceDate('2027-01-11')}`,
      offline: `full €750.00 due ${sentenceDate('2026-11-23')}`
    })
    expect(`${plan.live} ${plan.offline}`).not.toMatch(/\d{4}-\d{2}-\d{2}/)
  })

  it('a plan that differs only in a due date is a difference, said with both dates', () => {
    const moved: QuoteView = {
      ...base,
      instalments: [base.instalments[0], { ...base.instalments[1], dueDate: '2027-01-12' }]
    }
    const differences = quoteDifferences(base, moved)
    expect(differences.map((d) => d.field)).toEqual(['instalments'])
    expect(differences[0].offline).toContain(`due ${sentenceDate('2027-01-12')}`)
  })

  it('two quotes that agree have no differences', () => {
    expect(quoteDifferences(base, { ...base, nightly: [] })).toEqual([])
  })
})
