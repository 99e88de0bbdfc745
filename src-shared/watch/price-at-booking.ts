import type { BookingDetails } from '../api/booking.schema'
import type { Listing } from '../api/listing.schema'
import type { RateRecord } from '../api/rate.schema'
import { plainDate } from '../domain/date-words'
import { daysBetween, eachNight, isIsoDate, utcDateOf, type IsoDate } from '../domain/dates'
import type { DiscountKind } from '../domain/discounts'
import { eurToCents, formatEur } from '../domain/money'
import { cleaningLabel } from '../domain/money-lines'
import { stayTotal } from '../domain/pricing'
import type {
  BookingPriceAtBooking,
  PriceAtBookingLine,
  PriceAtBookingNight,
  PriceDifference
} from './price-at-booking.schema'

/**
 * Price at booking (issue 23): a kept booking's stay priced from the rates as they stood when it
 * was made, beside what the booking says it cost. The mirror keeps today's rates and the changes
 * every delta sync saw (history: resource 'rates', key a date or `rule:<name>`; 'listings', key
 * a top-level field); rolling today's record back through the changes seen after the booking was
 * made gives the record of that moment, priced with the client's own rules (pricing.ts). What the
 * history cannot reach is said as not known, never guessed.
 */

/** One recorded change, as the mirror's history holds it (newest first is not required). */
export interface RecordedChange {
  key: string
  old: unknown
  seenAt: number
}

const DAY_MS = 86_400_000
/** The service writes times to the second. */
const SECOND_MS = 1000

/**
 * A service timestamp as an instant: `YYYY-MM-DD HH:mm(:ss)` is UTC (the service writes it so,
 * toServiceDateTime); anything Date.parse reads otherwise; null when it is not a time.
 */
function serviceInstant(timestamp: string | null | undefined): number | null {
  const t = timestamp?.trim()
  if (!t) return null
  const iso = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(t) ? `${t.replace(' ', 'T')}Z` : t
  const ms = Date.parse(iso)
  return Number.isFinite(ms) ? ms : null
}

export interface MadeAt {
  /** Epoch ms: the first payment's time, or the start of the day (madeFrom first-instalment). */
  at: number
  /** How long after `at` it may have been: the payment's second (1 s), or the whole day. */
  spanMs: number
  on: IsoDate
  from: 'payment-date' | 'first-instalment'
}

/**
 * When the booking was made, as its read tells: the first instalment falls due the day a booking
 * is made (docs/pricing.md, Instalments), and a payment on that day (payment.paymentDate, the
 * first payment) gives the time. Only the day when nothing was paid that day; null without
 * instalments.
 */
export function madeAtOf(booking: BookingDetails): MadeAt | null {
  const due = booking.instalments
    .map((i) => i.dueDate)
    .filter((d): d is string => typeof d === 'string' && isIsoDate(d))
    .sort()[0]
  if (!due) return null
  const paid = serviceInstant(booking.payment?.paymentDate)
  if (paid !== null && utcDateOf(paid) === due) {
    return { at: paid, spanMs: SECOND_MS, on: due, from: 'payment-date' }
  }
  return { at: Date.parse(`${due}T00:00:00Z`), spanMs: DAY_MS, on: due, from: 'first-instalment' }
}

type RateRules = Omit<RateRecord, 'listingId' | 'rate'>

/**
 * The rate record as it stood at `at`: every change seen after `at` undone, newest first, so
 * each key ends at the old value of its first change after `at`. Keys are dates (nightly rates)
 * or `rule:<name>` (the record's other fields); an absent old value removes the key.
 */
export function ratesAsOf(current: RateRecord, changes: readonly RecordedChange[], at: number) {
  const rate: Record<string, number> = { ...current.rate }
  const rules: Record<string, unknown> = { ...current }
  delete rules.rate
  let undone = 0
  for (const c of newestFirst(changes)) {
    if (c.seenAt <= at) break
    undone++
    if (c.key.startsWith('rule:')) {
      const name = c.key.slice(5)
      if (c.old === undefined) delete rules[name]
      else rules[name] = c.old
    } else if (typeof c.old === 'number') {
      rate[c.key] = c.old
    } else {
      delete rate[c.key]
    }
  }
  return { record: { ...(rules as RateRules), listingId: current.listingId, rate }, undone }
}

/** The listing as it stood at `at` (top-level fields), like ratesAsOf. */
export function listingAsOf(current: Listing, changes: readonly RecordedChange[], at: number) {
  const listing: Record<string, unknown> = { ...current }
  let undone = 0
  for (const c of newestFirst(changes)) {
    if (c.seenAt <= at) break
    undone++
    if (c.old === undefined) delete listing[c.key]
    else listing[c.key] = c.old
  }
  return { listing: listing as Listing, undone }
}

function newestFirst(changes: readonly RecordedChange[]): RecordedChange[] {
  // Stable: changes seen at the same moment keep their order (the history's newest first).
  return [...changes].sort((a, b) => b.seenAt - a.seenAt)
}

/** What the pricing reads of a listing's fields and of its rate rules. */
const LISTING_KEYS = new Set(['maxGuest', 'cleaning'])
const RULE_KEYS = new Set([
  'rule:additionalGuests',
  'rule:cleaning',
  'rule:longerStay',
  'rule:earlyBird',
  'rule:lastMinute',
  'rule:longerStayExclusionPeriods'
])

export interface PriceAtBookingInput {
  bookingId: string
  booking: BookingDetails
  listingId: number | null
  listingName: string | null
  /** The mirror's listing and rate record now; undefined when it holds none. */
  listing: Listing | undefined
  rates: RateRecord | undefined
  rateChanges: readonly RecordedChange[]
  listingChanges: readonly RecordedChange[]
  /** Since when the history of this listing is complete (epoch ms); null: not at all. */
  historyStartsAt: number | null
  ratesSeenAt: number | null
  /**
   * How far the service's clock (the booking's times) runs ahead of this computer's (the
   * history's times), as the last sync measured it, and how much more it may be (the measure
   * only ever falls short): the booking's moment is moved onto this computer's clock before it
   * is compared.
   */
  serviceClock?: { aheadMs: number; uncertaintyMs: number }
}

const KIND_WORDS: Record<DiscountKind, string> = {
  longerStay: 'longer-stay discount',
  earlyBird: 'early-bird discount',
  lastMinute: 'last-minute discount'
}

const day = (ms: number): string => plainDate(utcDateOf(ms))

export function priceAtBooking(input: PriceAtBookingInput): BookingPriceAtBooking {
  const { booking, listing, rates } = input
  const from = booking.checkIn.date
  const to = booking.checkOut.date
  const dates = eachNight(from, to)
  const made = madeAtOf(booking)
  // The booking's moment on this computer's clock, widened by what the clock measure leaves open.
  const clock = input.serviceClock ?? { aheadMs: 0, uncertaintyMs: 0 }
  const local = made && {
    at: made.at - clock.aheadMs - clock.uncertaintyMs,
    spanMs: made.spanMs + clock.uncertaintyMs
  }

  const pay = booking.payment
  const said = {
    rental: pay?.rental !== undefined ? eurToCents(pay.rental) : null,
    discount: pay?.discount !== undefined ? 0 - eurToCents(pay.discount) : null,
    cleaning: pay?.cleaning !== undefined ? eurToCents(pay.cleaning) : null,
    total: pay?.amount !== undefined ? eurToCents(pay.amount) : null
  }
  const base = {
    bookingId: input.bookingId,
    listingId: input.listingId,
    listingName: input.listingName,
    from,
    to,
    madeAt: made?.at ?? null,
    madeOn: made?.on ?? null,
    madeFrom: made?.from ?? null,
    historyStartsAt: input.historyStartsAt,
    ratesSeenAt: input.ratesSeenAt,
    serviceClockAheadMs: input.serviceClock?.aheadMs ?? null
  }
  const unknowns: string[] = []
  if (input.listingId === null) {
    unknowns.push(
      'The listing: not known: the booking does not name it and no listing is at its address.'
    )
  } else if (!listing || !rates) {
    unknowns.push(`Listing ${input.listingId}: not known: the offline copy holds no rates for it.`)
  }
  if (!made) {
    unknowns.push(
      'When the booking was made: not known: the booking lists no instalment to date it by.'
    )
  }
  const start = input.historyStartsAt
  if (local && listing && rates && (start === null || start > local.at)) {
    const since =
      start === null ? 'no change has been recorded yet' : `the history starts on ${day(start)}`
    unknowns.push(
      `Nightly rates, discounts, extra guests and cleaning on ${plainDate(made.on)}: not known: ${since}.`
    )
  }
  if (unknowns.length > 0 || !made || !local || !listing || !rates) {
    return notKnown(base, dates, rates, said, unknowns, 0)
  }

  const atRates = ratesAsOf(rates, input.rateChanges, local.at)
  const atListing = listingAsOf(listing, input.listingChanges, local.at)
  const undone = atRates.undone + atListing.undone
  // A change seen within the span the booking time leaves open may have come before or after
  // the booking: for what the price reads, that is not known.
  const within = (c: RecordedChange, keys: (k: string) => boolean) =>
    c.seenAt > local.at && c.seenAt < local.at + local.spanMs && keys(c.key)
  const nightKeys = new Set(dates)
  if (
    input.rateChanges.some((c) => within(c, (k) => nightKeys.has(k) || RULE_KEYS.has(k))) ||
    input.listingChanges.some((c) => within(c, (k) => LISTING_KEYS.has(k)))
  ) {
    unknowns.push(
      made.from === 'first-instalment'
        ? `The rates of ${plainDate(made.on)}: not known: they changed that day, and the booking does not say at what time it was made.`
        : `The rates of ${plainDate(made.on)}: not known: they changed within seconds of the booking, too close to tell which came first.`
    )
    return notKnown(base, dates, rates, said, unknowns, undone)
  }

  const nights: PriceAtBookingNight[] = dates.map((date) => ({
    date,
    cents: rateCents(atRates.record, date),
    nowCents: rateCents(rates, date)
  }))
  const firstNow = Object.keys(rates.rate).sort()[0]
  const missing = nights.filter((n) => n.cents === null).map((n) => n.date)
  if (missing.length > 0) {
    const past = firstNow !== undefined && missing.every((d) => d < firstNow)
    unknowns.push(
      past
        ? `Nightly rates of ${missing.map((d) => plainDate(d)).join('; ')}: not known: the offline copy keeps no rates for nights before ${plainDate(firstNow)}.`
        : `Nightly rates of ${missing.map((d) => plainDate(d)).join('; ')}: not known: no rate was published for ${missing.length === 1 ? 'that night' : 'those nights'}.`
    )
    return notKnown(base, dates, rates, said, unknowns, undone)
  }

  const persons = booking.adults ?? 1
  const p = stayTotal(
    atListing.listing,
    atRates.record,
    nights.map((n) => n.cents!),
    dates,
    persons,
    daysBetween(made.on, from)
  )
  const cleaningIn = p.cleaning.basis === 'mandatory'
  const lines: PriceAtBookingLine[] = [
    line('nightly', `Nightly rates (${plural(dates.length, 'night')})`, p.baseRentCents, null),
    ...(p.additionalGuestCents !== 0
      ? [
          line(
            'extra-guests',
            'Extra guests',
            p.additionalGuestCents,
            null,
            extraNote(atListing.listing, atRates.record, persons)
          )
        ]
      : []),
    line(
      'discount',
      p.discount ? `Discount: ${KIND_WORDS[p.discount.kind]} ${p.discount.percent} %` : 'Discount',
      0 - (p.discount?.cents ?? 0),
      said.discount,
      p.discount ? null : 'No discount applied to this stay.'
    ),
    { ...line('rental', 'Rental amount', p.rentalRateCents, said.rental), subtotal: true },
    line(
      'cleaning',
      cleaningLabel(p.cleaning.basis),
      cleaningIn ? p.cleaning.cents : 0,
      cleaningInTotal(said),
      cleaningIn
        ? null
        : p.cleaning.basis === 'optional'
          ? `${formatEur(p.cleaning.cents)} if the guest chooses it.`
          : null
    ),
    { ...line('total', 'Total', p.totalCents, said.total), subtotal: true }
  ]

  const differences = compare(
    { ...p, nights: dates.length },
    said,
    made.on,
    atListing.listing,
    atRates.record,
    persons
  )
  if (said.total === null) {
    unknowns.push('What the booking cost: not known: the service’s read states no price.')
  }
  const verdict = said.total === null ? 'not-known' : differences.length > 0 ? 'differs' : 'same'
  const at = plainDate(made.on)
  const summary =
    verdict === 'same'
      ? `Priced at the rates of ${at}, the stay comes to ${formatEur(p.totalCents)}, as the booking says.`
      : verdict === 'differs'
        ? `Priced at the rates of ${at}, the stay comes to ${formatEur(p.totalCents)}; the booking says ${formatEur(said.total!)}.`
        : `Priced at the rates of ${at}, the stay comes to ${formatEur(p.totalCents)}; what the booking cost is not known.`
  return {
    ...base,
    verdict,
    summary,
    lines,
    nights,
    differences,
    unknowns,
    changesRolledBack: undone
  }
}

function line(
  key: PriceAtBookingLine['key'],
  label: string,
  cents: number | null,
  bookingCents: number | null,
  note: string | null = null
): PriceAtBookingLine {
  return { key, label, cents, bookingCents, subtotal: false, note }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function rateCents(record: Pick<RateRecord, 'rate'>, date: string): number | null {
  const eur = record.rate[date]
  return typeof eur === 'number' ? eurToCents(eur) : null
}

function extraNote(listing: Listing, rules: RateRules, persons: number): string {
  const extra = rules.additionalGuests
  const included = Math.max((listing.maxGuest ?? 0) - (extra?.amount ?? 0), 0)
  return `${plural(persons, 'guest')}, ${included} included; ${formatEur(eurToCents(extra?.price ?? 0))} a night for each guest over that.`
}

/** The cleaning the booking's total holds: total − rental, as its lines add up. */
function cleaningInTotal(said: Said): number | null {
  return said.total !== null && said.rental !== null ? said.total - said.rental : said.cleaning
}

type Said = {
  rental: number | null
  discount: number | null
  cleaning: number | null
  total: number | null
}
type Priced = ReturnType<typeof stayTotal> & { nights: number }

/** The rules whose amounts differ from the booking's, in the order the price adds up. */
function compare(
  p: Priced,
  said: Said,
  madeOn: IsoDate,
  listing: Listing,
  rules: RateRules,
  persons: number
): PriceDifference[] {
  if (said.total === null) return []
  const out: PriceDifference[] = []
  const on = plainDate(madeOn)
  const discount = p.discount?.cents ?? 0
  if (said.discount !== null && -said.discount !== discount) {
    const rule = p.discount
      ? `the ${KIND_WORDS[p.discount.kind]} of ${p.discount.percent} % (${formatEur(discount)})`
      : 'no discount'
    out.push({
      rule: 'discount',
      deltaCents: -said.discount - discount,
      words: `Discount: the booking took off ${formatEur(-said.discount)}; the rules of ${on} give ${rule}.`
    })
  }
  if (said.rental !== null && said.discount !== null) {
    const before = said.rental - said.discount
    const ours = p.baseRentCents + p.additionalGuestCents
    if (before !== ours) out.push(rentDifference(before, ours, p, on, listing, rules, persons))
  }
  const cleaningIn = p.cleaning.basis === 'mandatory' ? p.cleaning.cents : 0
  if (said.cleaning !== null && said.rental !== null) {
    const saidIn = said.total - said.rental
    if (saidIn !== cleaningIn || (cleaningIn !== 0 && said.cleaning !== p.cleaning.cents)) {
      out.push({
        rule: 'cleaning',
        deltaCents: saidIn - cleaningIn,
        words: `Cleaning: the booking’s total holds ${formatEur(saidIn)} for cleaning; the rules of ${on} give ${p.cleaning.basis} cleaning of ${formatEur(p.cleaning.cents)}${p.cleaning.basis === 'mandatory' ? '' : ', not in the total'}.`
      })
    }
  }
  if (out.length === 0 && said.total !== p.totalCents) {
    out.push({
      rule: 'total',
      deltaCents: said.total - p.totalCents,
      words: `Total: the booking says ${formatEur(said.total)}; its parts at the rates of ${on} add up to ${formatEur(p.totalCents)}.`
    })
  }
  return out
}

/**
 * The rent before discount differs: extra guests when the difference is a whole number of
 * guests at the rules' price for every night (the service's read lists adults only, so children
 * charged as guests show here), else the nightly rates.
 */
function rentDifference(
  before: number,
  ours: number,
  p: Priced,
  on: string,
  listing: Listing,
  rules: RateRules,
  persons: number
): PriceDifference {
  const deltaCents = before - ours
  const perGuest = eurToCents(rules.additionalGuests?.price ?? 0) * p.nights
  const guests = perGuest > 0 ? deltaCents / perGuest : 0
  const amount = rules.additionalGuests?.amount ?? 0
  if (Number.isInteger(guests) && guests !== 0 && Math.abs(guests) <= amount) {
    const words =
      guests > 0
        ? `Extra guests: the booking charges ${formatEur(deltaCents)} more, ${plural(guests, 'extra guest')} at ${formatEur(perGuest / p.nights)} a night beyond the ${plural(persons, 'adult')} its read lists (the service’s read does not list children).`
        : `Extra guests: the booking charges ${formatEur(-deltaCents)} less than the rules of ${on}, which charge ${formatEur(p.additionalGuestCents)} (${extraNote(listing, rules, persons)})`
    return { rule: 'extra-guests', deltaCents, words }
  }
  return {
    rule: 'nightly-rates',
    deltaCents,
    words: `Nightly rates: the booking’s rent before discount is ${formatEur(before)}; the nightly rates of ${on}${p.additionalGuestCents ? ' with extra guests' : ''} add up to ${formatEur(ours)}.`
  }
}

/** The answer when the price at booking can't be known: the booking's own lines, the reasons. */
function notKnown(
  base: Omit<
    BookingPriceAtBooking,
    'verdict' | 'summary' | 'lines' | 'nights' | 'differences' | 'unknowns' | 'changesRolledBack'
  >,
  dates: IsoDate[],
  rates: RateRecord | undefined,
  said: Said,
  unknowns: string[],
  undone: number
): BookingPriceAtBooking {
  const lines: PriceAtBookingLine[] = [
    line('nightly', `Nightly rates (${plural(dates.length, 'night')})`, null, null),
    line('discount', 'Discount', null, said.discount),
    { ...line('rental', 'Rental amount', null, said.rental), subtotal: true },
    line('cleaning', 'Cleaning', null, said.cleaning),
    { ...line('total', 'Total', null, said.total), subtotal: true }
  ]
  return {
    ...base,
    verdict: 'not-known',
    summary: 'The price at booking is not known.',
    lines,
    nights: dates.map((date) => ({
      date,
      cents: null,
      nowCents: rates ? rateCents(rates, date) : null
    })),
    differences: [],
    unknowns,
    changesRolledBack: undone
  }
}
