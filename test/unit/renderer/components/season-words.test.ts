import { describe, expect, it } from 'vitest'
import { dateRange } from '@shared/domain/date-words'
import { ruleText } from '../../../../src-renderer/src/components/season-words'

/** The season wording the listing page and the calendar's pricing rules share. */

describe('a season price rule in words', () => {
  it('reads a season rule by its name, its dates and its effect in words', () => {
    const flat = (t: string) => t.replace(/\s/g, ' ')
    expect(
      flat(
        ruleText({
          name: 'High season',
          startDate: '2027-07-01',
          endDate: '2027-08-31',
          priceIncreasePercent: 50
        })
      )
    ).toBe(`High season, ${flat(dateRange('2027-07-01', '2027-08-31'))}: prices +50%`)
    const low = {
      name: 'Low season',
      periods: [{ from: '11-01', to: '03-31' }],
      priceDecreasePercent: 20
    }
    expect(flat(ruleText(low))).toMatch(/^Low season, .+, every year: prices −20%$/)
    expect(ruleText({ name: 'Peak', percent: -5, minimumStay: 7 })).toBe(
      'Peak, dates not published: prices −5%, minimum stay 7'
    )
  })

  it('says when the service publishes a season without dates, never "price increase percent 50"', () => {
    expect(ruleText({ name: 'High season', priceIncreasePercent: 50 })).toBe(
      'High season, dates not published: prices +50%'
    )
    expect(ruleText({ name: 'Peak' })).toBe('Peak, dates not published')
    expect(ruleText('Easter')).toBe('Easter')
  })
})
