import type { z } from 'zod'
import { QuoteInput } from '@shared/ipc/quotes.schema'
import { daysBetween, isIsoDate } from '@shared/domain/dates'
import type { QuotePrefill } from '../../app/navigation'
import { stayWindowProblem } from '@shared/domain/stay-limits'
import { formatDay } from '../../components/text'
import { ADULTS_MESSAGE, AGE_MESSAGE } from '../../components/guest-ages'

/**
 * The stay form's values as the inputs hold them (a NumberInput gives `number | ''` while being
 * typed into), and the one conversion to the command's input, checked with the shared QuoteInput
 * schema main checks with: the form can never accept a stay main would refuse.
 */
export interface StayValues {
  /** The listing id as the picker holds it (a string), or null before one is chosen. */
  listingId: string | null
  from: string | null
  to: string | null
  adults: number | string
  /** One age per child (0 to 12); the number of entries is the number of children. */
  childrenAges: (number | string)[]
  customerCountry: string
  customerLanguage: string
}

export const EMPTY_STAY: StayValues = {
  listingId: null,
  from: null,
  to: null,
  adults: 2,
  childrenAges: [],
  customerCountry: '',
  customerLanguage: ''
}

export type QuoteRequestInput = z.input<typeof QuoteInput>

const asNumber = (v: number | string): number | undefined =>
  typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v)

/** The command's input from the form (empty optional fields left out). */
export function toQuoteInput(v: StayValues): QuoteRequestInput {
  const ages = v.childrenAges.map(asNumber)
  const country = v.customerCountry.trim().toUpperCase()
  const language = v.customerLanguage.trim().toLowerCase()
  return {
    listingId: v.listingId ? Number(v.listingId) : (undefined as unknown as number),
    from: v.from ?? '',
    to: v.to ?? '',
    adults: asNumber(v.adults) as number,
    ...(ages.length > 0 ? { children: ages.length, childrenAges: ages as number[] } : {}),
    ...(country ? { customerCountry: country } : {}),
    ...(language ? { customerLanguage: language } : {})
  }
}

/** What to say for a field left empty, instead of zod's "expected number". */
const MISSING: Record<string, string> = {
  listingId: 'Choose a listing',
  from: 'Choose the arrival date',
  to: 'Choose the departure date',
  adults: 'Give the number of adults'
}

const LABEL: Record<string, string> = {
  listingId: 'Listing',
  adults: 'Adults',
  to: 'Departure',
  from: 'Arrival'
}

/** The form path of a schema issue: `childrenAges.1` stays as is. */
function pathOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.')
}

/**
 * Every problem with the stay, keyed by form path, in words that name the field: checked with
 * QuoteInput (the schema main parses with), so the form and main never disagree.
 */
export function stayErrors(v: StayValues, today?: string): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!v.listingId) errors.listingId = MISSING.listingId
  if (!v.from) errors.from = MISSING.from
  if (!v.to) errors.to = MISSING.to
  if (asNumber(v.adults) === undefined) errors.adults = MISSING.adults
  v.childrenAges.forEach((a, i) => {
    if (asNumber(a) === undefined) errors[`childrenAges.${i}`] = 'Give this child’s age (0 to 12)'
  })
  const country = v.customerCountry.trim()
  if (country && !/^[A-Za-z]{2}$/.test(country))
    errors.customerCountry = fieldMessage('customerCountry', 1, '')
  // Dates outside what the service publishes are said with its window, before anything is asked.
  if (today && isIsoDate(v.from) && isIsoDate(v.to)) {
    const outside = stayWindowProblem({ from: v.from, to: v.to }, today)
    if (outside) errors[outside.field] = outside.message
  } else if (today && isIsoDate(v.from) && v.from < today) {
    errors.from = `Arrival ${formatDay(v.from)} is in the past (today is ${formatDay(today)}).`
  }
  const parsed = QuoteInput.safeParse(toQuoteInput(v))
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = pathOf(issue.path)
      if (errors[path]) continue
      errors[path] = fieldMessage(String(issue.path[0] ?? ''), issue.path.length, issue.message)
    }
  }
  return errors
}

/** A schema message in the form's words, naming the field it is under. */
function fieldMessage(root: string, depth: number, message: string): string {
  if (root === 'to' && message === 'must be after from') return 'Departure must be after arrival'
  if (root === 'childrenAges' && depth > 1) return AGE_MESSAGE
  if (root === 'adults') return ADULTS_MESSAGE
  if (root === 'childrenAges') return 'Give one age per child'
  if (root === 'customerCountry') return 'Country must be a two-letter code, such as DE'
  if (root === 'customerLanguage') return 'Language must be a two-letter code, such as de'
  return LABEL[root] ? `${LABEL[root]} ${message}` : message
}

/** The stay's nights, when both dates are set and in order. */
export function stayNights(v: Pick<StayValues, 'from' | 'to'>): number | undefined {
  if (!isIsoDate(v.from) || !isIsoDate(v.to)) return undefined
  const n = daysBetween(v.from, v.to)
  return n > 0 ? n : undefined
}

/**
 * A hand-over from another screen ("quote this") applied to the form: what it names replaces
 * the form's values, the rest (customer country, language) stays as the agent left it.
 */
export function applyPrefill(v: StayValues, p: QuotePrefill): StayValues {
  return {
    ...v,
    ...(p.listingId !== undefined ? { listingId: String(p.listingId) } : {}),
    ...(p.from !== undefined ? { from: p.from } : {}),
    ...(p.to !== undefined ? { to: p.to } : {}),
    ...(p.adults !== undefined ? { adults: p.adults } : {}),
    ...(p.childrenAges !== undefined ? { childrenAges: [...p.childrenAges] } : {})
  }
}

/** A prefill complete enough to ask for the quote at once. */
export function prefillIsComplete(p: QuotePrefill | undefined): boolean {
  return !!p && p.listingId !== undefined && !!p.from && !!p.to && p.adults !== undefined
}

/** Who stays: "2 adults, 2 children (ages 4 and 9)". */
export function guestsText(adults: number, ages: readonly number[]): string {
  const a = adults === 1 ? '1 adult' : `${adults} adults`
  if (ages.length === 0) return a
  const list =
    ages.length === 1 ? String(ages[0]) : `${ages.slice(0, -1).join(', ')} and ${ages.at(-1)}`
  return ages.length === 1
    ? `${a}, 1 child (age ${list})`
    : `${a}, ${ages.length} children (ages ${list})`
}

/** The stay a quote was asked for, in one line: dates with weekdays, nights, guests. */
export function stayText(stay: {
  from: string
  to: string
  adults: number | string
  childrenAges?: readonly (number | string)[]
}): string {
  const nights = stayNights(stay)
  return [
    `${formatDay(stay.from)} to ${formatDay(stay.to)}`,
    ...(nights ? [nights === 1 ? '1 night' : `${nights} nights`] : []),
    guestsText(Number(stay.adults), (stay.childrenAges ?? []).map(Number))
  ].join(' · ')
}

/**
 * A date typed into a date field, as the field's text holds it: Mantine's DateInput drops a
 * typed date outside its minDate..maxDate and puts the previous one back on blur, so the form
 * would quietly keep (and quote) the old date. Taken here instead, the form's checks say what
 * is wrong with it. Undefined when the text is no date or is the value already.
 */
export function typedDate(text: string, value: string | null): string | undefined {
  const t = text.trim()
  return isIsoDate(t) && t !== value ? t : undefined
}
