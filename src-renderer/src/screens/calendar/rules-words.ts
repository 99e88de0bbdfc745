import type { PricingRules } from '@shared/ipc/calendar.schema'
import { ruleText } from '../../components/season-words'
import { feeText, weekdaysText } from '../../components/rule-words'
import { formatCents, nightsText, plural } from '../../components/text'

/**
 * The rules that shape a listing's prices (calendar:rules), as a property manager reads them
 * beside the calendar: one line per rule, in the order pricing applies them (docs/pricing.md).
 */

export interface RuleLine {
  key: string
  label: string
  text: string
  /** One item each (the seasons), said as the text too. */
  items?: string[]
}

const nights = nightsText
const days = (n: number) => plural(n, 'day')

/** The stay length rule: "3 to 28 nights", "at least 3 nights", "any length". */
export function stayRangeText(min: number | null, max: number | null): string {
  const lo = min && min > 1 ? min : null
  const hi = max && max > 0 ? max : null
  if (lo && hi) return `${nights(lo)} to ${nights(hi)}`
  if (lo) return `at least ${nights(lo)}`
  if (hi) return `at most ${nights(hi)}`
  return 'any length'
}

function discountLines(r: PricingRules, dateText: (iso: string) => string): RuleLine[] {
  const lines: RuleLine[] = []
  if (r.longerStay.length > 0) {
    const text = r.longerStay.map((s) => `${s.percent}% off from ${nights(s.minNights)}`)
    const excluded = r.longerStayExclusions.map((p) => `${dateText(p.from)} to ${dateText(p.to)}`)
    lines.push({
      key: 'longerStay',
      label: 'Longer stays',
      text:
        text.join('; ') +
        (excluded.length > 0 ? `. Not for stays with a night from ${excluded.join(' or ')}` : '')
    })
  }
  if (r.lastMinute.length > 0) {
    lines.push({
      key: 'lastMinute',
      label: 'Last minute',
      text: r.lastMinute
        .map((s) => `${s.percent}% off when booked less than ${days(s.withinDays)} before arrival`)
        .join('; ')
    })
  }
  if (r.earlyBird.length > 0) {
    lines.push({
      key: 'earlyBird',
      label: 'Early bird',
      text: r.earlyBird
        .map((s) => `${s.percent}% off when booked more than ${days(s.beyondDays)} before arrival`)
        .join('; ')
    })
  }
  if (lines.length > 1) {
    lines.push({
      key: 'oneDiscount',
      label: 'Discounts',
      text: 'only the largest one that applies is given, never two'
    })
  }
  return lines
}

const CLEANING: Record<string, string> = {
  mandatory: 'mandatory, in the total',
  optional: 'optional, not in the total',
  included: 'included in the rent'
}

/**
 * The seasons in the listing page's words (one function for both screens), each with its dates
 * and its effect: "High season, dates not published: prices +50%".
 */
export function seasonsLine(r: Pick<PricingRules, 'seasons' | 'sameRatesAllYear'>): RuleLine {
  const line = { key: 'seasons', label: 'Seasons' }
  if (r.sameRatesAllYear) return { ...line, text: 'same rates all year round' }
  if (r.seasons.length === 0) return { ...line, text: 'none published' }
  const items = r.seasons.map(ruleText)
  return { ...line, text: items.join('; '), items }
}

export function ruleLines(r: PricingRules, dateText: (iso: string) => string): RuleLine[] {
  // Seasons shape the nightly prices, which every discount then reduces.
  const lines = [seasonsLine(r), ...discountLines(r, dateText)]
  if (lines.length === 1) {
    lines.push({ key: 'discounts', label: 'Discounts', text: 'none' })
  }
  if (r.additionalGuests) {
    const g = r.additionalGuests
    lines.push({
      key: 'additionalGuests',
      label: 'Additional guests',
      text: `${formatCents(g.perNightCents)} a night for each guest beyond ${g.includedGuests}, up to ${g.upTo} more`
    })
  }
  lines.push({
    key: 'cleaning',
    label: 'Cleaning',
    text: r.cleaning
      ? r.cleaning.basis === 'included'
        ? CLEANING.included
        : `${formatCents(r.cleaning.cents)}, ${CLEANING[r.cleaning.basis] ?? r.cleaning.basis}`
      : 'not stated (counted as included)'
  })
  const checkIn = [...r.taxes, ...(r.localTax ? [r.localTax] : [])]
  lines.push({
    key: 'taxes',
    label: 'Paid at check-in',
    text:
      checkIn.length === 0
        ? 'no taxes'
        : checkIn.map((t) => `${t.name} ${feeText({ fee: t.fee, feeBasis: t.basis })}`).join('; ') +
          ' (not in the total)'
  })
  if (r.extras.length > 0) {
    lines.push({
      key: 'extras',
      label: 'Extras on offer',
      text: r.extras
        .map((t) => `${t.name} ${feeText({ fee: t.fee, feeBasis: t.basis })}`)
        .join('; ')
    })
  }
  lines.push({
    key: 'deposit',
    label: 'Security deposit',
    text: r.securityDepositCents ? formatCents(r.securityDepositCents) : 'none'
  })
  lines.push(
    { key: 'checkInDays', label: 'Check-in days', text: weekdaysText(r.checkInDays) },
    { key: 'checkOutDays', label: 'Check-out days', text: weekdaysText(r.checkOutDays) },
    { key: 'stay', label: 'Stay length', text: stayRangeText(r.minimumStay, r.maximumStay) },
    {
      key: 'advanceNotice',
      label: 'Advance notice',
      text: r.advanceNoticeDays ? `${days(r.advanceNoticeDays)} before arrival` : 'none'
    },
    {
      key: 'maxGuest',
      label: 'Guests',
      text: r.maxGuest ? `at most ${r.maxGuest}` : 'no maximum stated'
    }
  )
  return lines
}
