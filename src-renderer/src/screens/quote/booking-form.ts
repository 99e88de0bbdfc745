import { z } from 'zod'
import { schemaResolver } from '@mantine/form'
import { GuestInput } from '@shared/ipc/bookings.schema'
import { MAX_CHILD_AGE } from '@shared/domain/stay-limits'
import { atMost, TEXT_LIMITS } from '@shared/domain/text-limits'
import { CHILD_TOO_OLD } from '../../components/guest-ages'
import type { CommandInput } from '@shared/ipc/contract'
import { IpcError } from '../../ipc/client'
import { EMPTY_CARD, type CardValues } from '../../components/CardFields'
import { cardInput, cardIsEmpty, cardSchema } from '../../components/card-schema'

/**
 * The "Book this" form: guest, guests, notes, references and an optional card, checked with the
 * shared Guest and card schemas main checks with, then turned into 'bookings:create' input.
 */
export interface BookingValues {
  guest: {
    firstName: string
    lastName: string
    email: string
    phone: string
    country: string
    language: string
  }
  adults: number | string
  childrenAges: (number | string)[]
  notes: string
  ownReference: string
  salesBrand: string
  card: CardValues
}

/** The stay being booked, as the quote asked for it. */
export interface BookedStay {
  listingId: number
  from: string
  to: string
  adults: number
  childrenAges: number[]
  customerCountry?: string
  customerLanguage?: string
}

export function initialBookingValues(stay: BookedStay, salesBrand: string): BookingValues {
  return {
    guest: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      country: stay.customerCountry ?? '',
      language: stay.customerLanguage ?? ''
    },
    adults: stay.adults,
    childrenAges: [...stay.childrenAges],
    notes: '',
    ownReference: '',
    salesBrand,
    card: { ...EMPTY_CARD }
  }
}

/** An optional text: empty means "not given", so its rule applies only when something is typed. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional())

const GuestForm = GuestInput.extend({
  phone: optionalText(z.string().max(TEXT_LIMITS.phone, atMost(TEXT_LIMITS.phone))),
  country: optionalText(z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')),
  language: optionalText(z.string().regex(/^[A-Za-z]{2,3}$/, 'must be a two- or three-letter code'))
})

/** The form's schema: Guest as shared, the stay's guests, and the card only when one is typed. */
function bookingFormSchema(today?: string) {
  return z.object({
    guest: GuestForm,
    adults: z
      .number({ error: 'Give the number of adults' })
      .int('must be a whole number')
      .positive('must be at least 1'),
    childrenAges: z.array(
      z
        .number({ error: 'Give this child’s age (0 to 12)' })
        .int('must be a whole number')
        .min(0, 'must be from 0 to 12')
        .max(MAX_CHILD_AGE, CHILD_TOO_OLD)
    ),
    notes: z.string().max(TEXT_LIMITS.notes, atMost(TEXT_LIMITS.notes)),
    ownReference: z.string().trim().max(100, 'must be at most 100 characters'),
    salesBrand: z.string().trim().max(60, 'must be at most 60 characters'),
    card: z.custom<CardValues>().superRefine((card, ctx) => {
      if (cardIsEmpty(card)) return
      const parsed = cardSchema(today).safeParse(card)
      if (parsed.success) return
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
      }
    })
  })
}

/** The label each form path is shown under, so a message reads "E-mail must be ...". */
const LABELS: Record<string, string> = {
  'guest.firstName': 'First name',
  'guest.lastName': 'Last name',
  'guest.email': 'E-mail',
  'guest.phone': 'Phone',
  'guest.country': 'Country',
  'guest.language': 'Language',
  adults: 'Adults',
  notes: 'Notes',
  ownReference: 'Own reference',
  salesBrand: 'Sales brand',
  'card.name': 'Name on the card',
  'card.number': 'Card number',
  'card.expiration': 'Expiry',
  'card.cvc': 'Security code'
}

/** The form paths main or the service may name, so a refusal lands on its field. */
const BOOKING_FIELDS = Object.keys(LABELS)

function labelOf(path: string): string {
  return LABELS[path] ?? (/^childrenAges\.\d+$/.test(path) ? 'Age' : '')
}

/**
 * Prefixes a message with its field's label: "must be ..." becomes "E-mail must be ...". A
 * message that is already a sentence (capitalised: the service's own, or "Give ...") stays.
 */
export function labelled(path: string, message: string): string {
  const label = labelOf(path)
  if (!label || /^[A-Z]/.test(message)) return message
  return `${label} ${message}`
}

/** Every problem of the form at once, by form path, each naming its field. */
export function bookingErrors(values: BookingValues, today?: string): Record<string, string> {
  const raw = schemaResolver(bookingFormSchema(today), { sync: true })(values)
  const out: Record<string, string> = {}
  for (const [path, message] of Object.entries(raw)) {
    if (message) out[path] = labelled(path, String(message))
  }
  return out
}

const num = (v: number | string): number => (typeof v === 'number' ? v : Number(v))
const given = (s: string) => (s.trim() ? s.trim() : undefined)

/** The command's input: the stay from the quote with the form's guests, the card if typed. */
export function toCreateInput(
  v: BookingValues,
  stay: Pick<BookedStay, 'listingId' | 'from' | 'to'>,
  confirmation?: string
): CommandInput<'bookings:create'> {
  const ages = v.childrenAges.map(num)
  const country = given(v.guest.country)?.toUpperCase()
  const language = given(v.guest.language)?.toLowerCase()
  const card = cardInput(v.card)
  return {
    stay: {
      listingId: stay.listingId,
      from: stay.from,
      to: stay.to,
      adults: num(v.adults),
      ...(ages.length > 0 ? { children: ages.length, childrenAges: ages } : {})
    },
    guest: {
      firstName: v.guest.firstName.trim(),
      lastName: v.guest.lastName.trim(),
      email: v.guest.email.trim(),
      ...(given(v.guest.phone) ? { phone: given(v.guest.phone) } : {}),
      ...(country ? { country } : {}),
      ...(language ? { language } : {})
    },
    ...(given(v.notes) ? { notes: v.notes.trim() } : {}),
    ...(given(v.ownReference) ? { ownReference: given(v.ownReference) } : {}),
    ...(given(v.salesBrand) ? { salesBrand: given(v.salesBrand) } : {}),
    ...(card ? { card } : {}),
    ...(confirmation !== undefined && confirmation.trim()
      ? { confirmation: confirmation.trim() }
      : {})
  }
}

/**
 * The form path of a field main names: its own input's (`stay.adults` → `adults`) or the
 * service request's (`creditCard.cvc` → `card.cvc`, `adults`), when the form has that field.
 */
export function formPathOf(field: string): string | undefined {
  const path = field.replace(/^stay\./, '').replace(/^creditCard\./, 'card.')
  if (/^childrenAges\.\d+$/.test(path)) return path
  if (path === 'childrenAges' || path === 'children') return 'childrenAges.0'
  return BOOKING_FIELDS.includes(path) ? path : undefined
}

/** The field main's error is about (its input validation: 'bad-input' with a field). */
export function errorFieldOf(err: unknown): string | undefined {
  if (!(err instanceof IpcError) || !err.field) return undefined
  if (err.code !== 'bad-input' && err.code !== 'conflict') return undefined
  return formPathOf(err.field)
}
