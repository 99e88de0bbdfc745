import { describe, expect, it } from 'vitest'
import { dateRange } from '@shared/domain/date-words'
import type { TimelineBooking } from '@shared/ipc/calendar.schema'
import {
  CELL_CH,
  dayChars,
  dayNumbersText,
  glyphText,
  lettersOfGlyphs,
  PRICE_CH,
  priceRoom,
  pricedGlyphText,
  rowGradient
} from '../../../../../src-renderer/src/screens/calendar/timeline-layout'
import { barsAt, bookingBars } from '../../../../../src-renderer/src/screens/calendar/timeline-bars'
import {
  barLabel,
  barShape,
  bookedWords,
  compactPrice,
  nightPriceWords
} from '../../../../../src-renderer/src/screens/calendar/timeline-words'
import {
  DEFAULT_TIMELINE,
  TimelineSettings
} from '../../../../../src-renderer/src/screens/calendar/timeline-settings'

const booking = (
  id: string,
  checkIn: string,
  checkOut: string,
  extra: Partial<TimelineBooking> = {}
): TimelineBooking => ({
  id,
  guestName: 'Zoë Martin',
  status: 'confirmed',
  checkIn,
  checkOut,
  ...extra
})

describe('the timeline’s night widths and prices', () => {
  // 12px monospace is about 7.2 px a character.
  const ch = 7.2

  it('have room for prices only from the threshold width on', () => {
    expect(priceRoom(CELL_CH)).toBe(0)
    expect(priceRoom(PRICE_CH - 1)).toBe(0)
    // " i " + 5 characters of price + a space before the next day.
    expect(priceRoom(PRICE_CH)).toBe(5)
    expect(CELL_CH + priceRoom(PRICE_CH) + 1).toBe(PRICE_CH)
  })

  it('are wide when asked, and narrow ones widen only when the whole span fits', () => {
    expect(dayChars('wide', 84, 0, 0)).toBe(PRICE_CH)
    expect(dayChars('wide', 84, 1000, ch)).toBe(PRICE_CH)
    // 28 days of 9 characters need 1,814.4 px.
    expect(dayChars('narrow', 28, 1814.4, ch)).toBe(PRICE_CH)
    expect(dayChars('narrow', 28, 1814, ch)).toBe(CELL_CH)
    // 56 days in a 1280 px window (the days get about 980 px): the narrow glyphs.
    expect(dayChars('narrow', 56, 980, ch)).toBe(CELL_CH)
    // Not measured yet: narrow.
    expect(dayChars('narrow', 7, 0, 0)).toBe(CELL_CH)
  })

  it('keep glyphs, prices and day numbers in the same columns at either width', () => {
    const days = 'iox-o'
    const glyphs = glyphText(days, PRICE_CH)
    expect(glyphs.length).toBe(days.length * PRICE_CH)
    expect(lettersOfGlyphs(glyphs, PRICE_CH)).toBe(days)
    const priced = pricedGlyphText(days, [18500, 9000, 12000, 15000, null], PRICE_CH, compactPrice)
    expect(priced.length).toBe(days.length * PRICE_CH)
    expect(lettersOfGlyphs(priced, PRICE_CH)).toBe(days)
    // Open nights show their price after the glyph; a closed or unknown night none (its rate is
    // no offer); an open night without a rate a dash, never a blank or 0.
    expect(priced).toBe([' i  €185 ', ' ·   €90 ', ' ×       ', ' ?       ', ' ·     – '].join(''))
    expect(dayNumbersText(['2026-11-30', '2026-12-01'], PRICE_CH)).toBe('30        1       ')
    expect(rowGradient('io', PRICE_CH)).toBe(
      'linear-gradient(to right, var(--tl-checkin) 0ch 9ch, var(--tl-open) 9ch 18ch)'
    )
    // The narrow days draw no prices at all.
    expect(pricedGlyphText(days, [1, 2, 3, 4, 5], CELL_CH, compactPrice)).toBe('')
  })

  it('write prices compactly, and show a too long one as an ellipsis, not cut', () => {
    expect(compactPrice(18_500)).toBe('€185')
    expect(compactPrice(18_549)).toBe('€185')
    expect(compactPrice(123_456)).toBe('€1.2K')
    expect(compactPrice(2_500_000)).toBe('€25K')
    // Too long for the room (a locale that writes "12.345 €"): an ellipsis, never a cut number
    // that reads as another price.
    const long = pricedGlyphText('o', [1], PRICE_CH, () => '12.345 €')
    expect(long).toBe(' ·     … ')
    expect(nightPriceWords(18_550)).toBe('€185.50 a night')
    expect(nightPriceWords(null)).toBe('no published rate')
    expect(nightPriceWords(0)).toBe('€0.00 a night')
  })
})

describe('the timeline’s booking bars', () => {
  it('lie over their nights, cut to the days shown', () => {
    const from = '2027-03-01'
    const { bars, lanes } = bookingBars(
      [
        booking('A', '2027-02-25', '2027-03-03'),
        booking('B', '2027-03-05', '2027-03-08'),
        booking('C', '2027-03-27', '2027-04-04'),
        // Leaves on the first day shown: no night in the span.
        booking('D', '2027-02-20', '2027-03-01'),
        // Arrives the day after the last day shown.
        booking('E', '2027-03-29', '2027-04-02')
      ],
      from,
      28
    )
    expect(lanes).toBe(1)
    expect(bars.map((b) => [b.booking.id, b.start, b.end, b.cutStart, b.cutEnd])).toEqual([
      ['A', 0, 2, true, false],
      ['B', 4, 7, false, false],
      ['C', 26, 28, false, true]
    ])
  })

  it('put overlapping stays in lanes of their own, and the next free lane is reused', () => {
    const { bars, lanes } = bookingBars(
      [
        booking('A', '2027-03-01', '2027-03-08'),
        booking('B', '2027-03-05', '2027-03-10'),
        // Arrives the morning A leaves: A's lane is free again.
        booking('C', '2027-03-08', '2027-03-12'),
        booking('D', '2027-03-06', '2027-03-07')
      ],
      '2027-03-01',
      28
    )
    expect(lanes).toBe(3)
    const lane = Object.fromEntries(bars.map((b) => [b.booking.id, b.lane]))
    expect(lane).toEqual({ A: 0, B: 1, D: 2, C: 0 })
    const r = { bars, lanes }
    expect(barsAt(r, 5).map((b) => b.booking.id)).toEqual(['A', 'B', 'D'])
    expect(barsAt(r, 7).map((b) => b.booking.id)).toEqual(['C', 'B'])
    expect(barsAt(r, 20)).toEqual([])
  })

  it('say the status in words and by shape, and name the guest in full', () => {
    expect(barShape('confirmed')).toBe('held')
    expect(barShape('inProgress')).toBe('held')
    expect(barShape('pendingPayment')).toBe('waiting')
    expect(barShape('disputeByGuest')).toBe('other')
    expect(barShape('someNewStatus')).toBe('other')
    const b = booking('SB1', '2027-03-05', '2027-03-08', {
      guestName: 'Maximiliane Wolkenstein-Rodenegg'
    })
    expect(barLabel(b, false, false)).toBe(
      `Maximiliane Wolkenstein-Rodenegg, booking SB1, Confirmed, ${dateRange('2027-03-05', '2027-03-08')}, 3 nights. Opens the booking.`
    )
    expect(barLabel({ ...b, guestName: null }, true, false)).toBe(
      `Booking SB1, Confirmed, ${dateRange('2027-03-05', '2027-03-08')}, 3 nights (from before the days shown). Opens the booking.`
    )
    expect(bookedWords([b, { ...b, status: 'pendingPayment', guestName: ' ' }])).toBe(
      '; booked: Maximiliane Wolkenstein-Rodenegg (Confirmed) and SB1 (Awaiting payment)'
    )
    expect(bookedWords([])).toBe('')
  })
})

describe('the timeline’s day width setting', () => {
  it('is narrow for a value saved before it existed, and kept otherwise', () => {
    const { dayWidth: _, ...old } = DEFAULT_TIMELINE
    expect(TimelineSettings.parse(old).dayWidth).toBe('narrow')
    expect(TimelineSettings.parse({ ...DEFAULT_TIMELINE, dayWidth: 'wide' }).dayWidth).toBe('wide')
    expect(TimelineSettings.safeParse({ ...DEFAULT_TIMELINE, dayWidth: 'huge' }).success).toBe(
      false
    )
  })
})
