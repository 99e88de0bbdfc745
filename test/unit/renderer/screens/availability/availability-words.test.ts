import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { describe, expect, it } from 'vitest'
import { MISS_CODES } from '@shared/ipc/availability.schema'
import {
  listingsText,
  MISS_TITLES,
  missesIntro,
  onlyReasonText,
  sampleText
} from '../../../../../src-renderer/src/screens/availability/miss-words'
import {
  bookingTypeLabel,
  disagreementWords,
  estimateText,
  filteredOutText,
  guestsText,
  failureWords,
  liveAskedText,
  liveHeading,
  liveSummary,
  outsideByText,
  outsidePriceText,
  outsideSampleText,
  pickedText,
  placeText,
  refreshOutcomeText,
  resultsHeadline,
  sourceText
} from '../../../../../src-renderer/src/screens/availability/results-words'

describe('the results in words', () => {
  it('counts bookable listings', () => {
    expect(resultsHeadline(23)).toBe('23 listings bookable')
    expect(resultsHeadline(1)).toBe('1 listing bookable')
    expect(resultsHeadline(0)).toBe('No listing bookable')
    expect(resultsHeadline(1234)).toBe('1,234 listings bookable')
  })

  it('shows the picked range with weekdays, and asks for the departure until it is picked', () => {
    expect(pickedText(['2030-06-01', '2030-06-08'])).toMatch(/^Sat.* – Sat.*2030$/)
    expect(pickedText(['2030-06-01', null])).toMatch(/ – choose the departure$/)
    expect(pickedText([null, null])).toBe('')
  })

  it('says where the answer comes from and how old it is', () => {
    const now = Date.UTC(2030, 4, 15, 12)
    expect(sourceText(now - 5 * 60_000, now)).toBe('from the offline copy, synced 5 minutes ago')
    expect(sourceText(now - 10_000, now)).toBe('from the offline copy, synced just now')
    expect(sourceText(null, now)).toBe('from the offline copy, whose first sync has not finished')
  })

  it('flags results from a copy older than a day in words, by the data-age lines’ rule', () => {
    const now = Date.UTC(2030, 4, 15, 12)
    expect(sourceText(now - 3 * 24 * 60 * 60_000, now)).toBe(
      'from the offline copy, synced 3 days ago · older than a day'
    )
    // 23 hours is not yet a day.
    expect(sourceText(now - 23 * 60 * 60_000, now)).toBe(
      'from the offline copy, synced 23 hours ago'
    )
  })

  it('says what the filters left out, and nothing when they left out none', () => {
    expect(filteredOutText(0)).toBeNull()
    expect(filteredOutText(1)).toBe('The filters left out 1 listing before the rules were checked.')
    expect(filteredOutText(40)).toBe(
      'The filters left out 40 listings before the rules were checked.'
    )
  })

  it('says how many bookable listings the price range left out, and on which side', () => {
    const none = { below: 0, above: 0, noEstimate: 0 }
    expect(outsidePriceText(none, 30000, 90000)).toBeNull()
    expect(outsidePriceText({ ...none, above: 3 }, undefined, 90000)).toBe(
      '3 bookable listings are outside the price range (above €900.00).'
    )
    expect(outsidePriceText({ ...none, below: 1 }, 30000, 90000)).toBe(
      '1 bookable listing is outside the price range (below €300.00).'
    )
    expect(outsidePriceText({ below: 2, above: 1200, noEstimate: 1 }, 30000, 90000)).toBe(
      '1,203 bookable listings are outside the price range (2 below €300.00, 1,200 above ' +
        '€900.00, 1 without an estimate).'
    )
    expect(outsideByText(91250, 30000, 90000)).toBe('€12.50 above the max.')
    expect(outsideByText(25000, 30000, undefined)).toBe('€50.00 below the min.')
    expect(outsideByText(null, 30000, 90000)).toBe('No estimate: in no price range')
    expect(outsideSampleText(3, 3)).toBeNull()
    expect(outsideSampleText(25, 40)).toBe('The 25 nearest to the range of 40.')
  })

  it('words a row: estimate or why there is none, place, booking type', () => {
    expect(estimateText(123456)).toBe('€1,234.56')
    expect(estimateText(null)).toBe('no estimate: the copy has no rate for a night')
    expect(placeText('Nice', 'France')).toBe('Nice, France')
    expect(placeText(null, 'France')).toBe('France')
    expect(placeText(null, null)).toBe('Place not given')
    expect(bookingTypeLabel('instant')).toBe('Instant')
    expect(bookingTypeLabel('onRequest')).toBe('On request')
    expect(bookingTypeLabel(null)).toBe('—')
  })

  it('names the guests', () => {
    expect(guestsText(1, [])).toBe('1 adult')
    expect(guestsText(2, [5])).toBe('2 adults, 1 child (age 5)')
    expect(guestsText(2, [3, 7, 11])).toBe('2 adults, 3 children (ages 3, 7 and 11)')
  })
})

describe('why not bookable, in words', () => {
  it('titles every reason main can send', () => {
    for (const code of MISS_CODES) expect(MISS_TITLES[code]).toMatch(/^[A-Z]/)
  })

  it('words "breaks only this rule" as what a small change would open up', () => {
    expect(onlyReasonText('min-stay', 3, 8)).toBe(
      '3 listings break only this rule: they would be bookable for a longer stay.'
    )
    expect(onlyReasonText('too-many-guests', 4, 4)).toBe(
      'All 4 listings break only this rule: they would be bookable for fewer guests.'
    )
    expect(onlyReasonText('check-in-day', 1, 5)).toBe(
      '1 listing breaks only this rule: it would be bookable with another arrival day.'
    )
    expect(onlyReasonText('inactive', 1, 1)).toBe(
      'It breaks only this rule: it would be bookable once activated.'
    )
    expect(onlyReasonText('not-available', 0, 12)).toBe(
      'Each also breaks another rule, so changing this one alone opens none of them.'
    )
    expect(onlyReasonText('max-stay', 0, 1)).toBe(
      'It also breaks another rule, so changing this one alone opens nothing.'
    )
  })

  it('introduces what was judged', () => {
    expect(missesIntro(60, 48, false)).toBe(
      'All 60 listings of the portfolio were judged by every rule. 48 of them can’t be booked ' +
        'for this stay. A listing counts under each rule it breaks; the rules that alone keep ' +
        'the most listings out come first.'
    )
    expect(missesIntro(60, 0, false)).toMatch(
      /^All 60 listings of the portfolio were judged by every rule\. A listing counts/
    )
    expect(missesIntro(60, 60, true)).toMatch(
      /^The 60 listings the filters kept were judged by every rule\. None of them can be booked for this stay\./
    )
    expect(missesIntro(1, 1, true)).toMatch(
      /^The 1 listing the filters kept was judged by every rule\. It can’t be booked for this stay\./
    )
    expect(missesIntro(0, 0, true)).toBe('The filters kept no listing to judge.')
  })

  it('says when only some of a reason’s listings are named', () => {
    expect(sampleText(25, 25)).toBeNull()
    expect(sampleText(100, 1234)).toBe('Showing 100 of 1,234 listings.')
    expect(listingsText(1)).toBe('1 listing')
  })
})

describe('the live second opinion, in words', () => {
  it('gives the service’s count and whether the copy agrees', () => {
    expect(liveSummary(31, 0)).toBe(
      'The service says 31 listings are free on every night of the stay. The offline copy agrees on every listing.'
    )
    expect(liveSummary(1, 1)).toBe(
      'The service says 1 listing is free on every night of the stay. The offline copy disagrees on 1 listing: it is probably stale for it.'
    )
    expect(liveSummary(30, 2)).toMatch(/disagrees on 2 listings: it is probably stale for them\.$/)
  })

  it('says which side says what', () => {
    expect(disagreementWords('onlyOffline')).toMatchObject({
      service: 'Booked or closed on a night',
      copy: 'Free every night'
    })
    expect(disagreementWords('onlyLive')).toMatchObject({
      service: 'Free every night',
      copy: 'Booked or closed on a night'
    })
  })

  it('says what a refresh changed in the copy', () => {
    const r = (changed: Partial<Record<SyncResourceName, boolean>>) => ({
      listingId: 1,
      found: true,
      refreshedAt: 0,
      changed: { listings: false, availability: false, rates: false, ...changed }
    })
    expect(refreshOutcomeText(r({ availability: true }))).toBe(
      'Refreshed: its calendar changed in the offline copy.'
    )
    expect(refreshOutcomeText(r({ availability: true, rates: true, listings: true }))).toBe(
      'Refreshed: its calendar, rates and details changed in the offline copy.'
    )
    expect(refreshOutcomeText(r({}))).toBe(
      'Refreshed: the copy already held the service’s records.'
    )
    expect(refreshOutcomeText({ ...r({}), found: false })).toBe(
      'The service no longer publishes this listing; the copy is left as it was.'
    )
  })
})

describe('the live second opinion in words', () => {
  const now = Date.UTC(2030, 4, 15, 12)

  it('says a failed ask in its heading, and keeps the plain heading otherwise', () => {
    expect(liveHeading({ phase: 'idle' })).toBe('Live second opinion')
    expect(liveHeading({ phase: 'answered' })).toBe('Live second opinion')
    expect(
      liveHeading({ phase: 'failed', failure: failureWords("The service can't be reached") })
    ).toBe('Live second opinion: the service can’t be reached')
  })

  it('says when the service was asked, and names an earlier answer as earlier', () => {
    const answered = liveAskedText({ phase: 'answered' }, now - 10_000, now)
    expect(answered).toMatch(/^From the service, asked just now \(.+\)\.$/)
    expect(liveAskedText({ phase: 'answered' }, now - 5 * 60_000, now)).toMatch(
      /^From the service, asked 5 minutes ago \(/
    )
    const earlier = liveAskedText({ phase: 'failed', failure: 'x' }, now - 5 * 60_000, now)
    expect(earlier).toMatch(/^The last ask failed\. Below, the service’s earlier answer, asked 5 /)
    expect(earlier).not.toContain('From the service')
    expect(liveAskedText({ phase: 'asking' }, now - 5 * 60_000, now)).toMatch(
      /^Asking the service again\. Below, its answer asked 5 minutes ago/
    )
  })
})
