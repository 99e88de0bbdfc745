import { z } from 'zod'
import {
  BookingDetails,
  CANCELLED_BY,
  CancelRequest,
  CreditCard,
  Guest
} from '../api/booking.schema'
import { isoDate } from '../api/common.schema'
import { StayFields, checkStay } from '../api/quote.schema'
import { CARD_IN_TEXT, holdsCardNumber } from '../domain/card'
import { checkStayLength } from '../domain/stay-limits'
import { atMost, TEXT_LIMITS } from '../domain/text-limits'
import { AppErrorCode } from '../errors'

/**
 * What the bookings commands take and give across IPC: a booking read or kept, the recent list
 * and the watch list, and the writes (cancel, create, pay) with their outcomes. Inputs are
 * strict; the service's own objects come through as its shared schemas parsed them. Money is
 * integer cents, dates YYYY-MM-DD, instants epoch milliseconds.
 */

const cents = z.number().int()

/** Where a screen's data came from: the service just now, or a copy kept from an earlier read. */
const DataSource = z.enum(['live', 'copy'])

/** A card as it may be kept and shown: brand and last four digits, nothing else. */
const MaskedCard = z.object({
  brand: z.enum(['visa', 'mastercard', 'amex', 'card']),
  last4: z.string().regex(/^\d{4}$/)
})

/** One row of the recent-bookings list and the watch list. */
export const BookingSummary = z.object({
  id: z.string(),
  status: z.string(),
  paymentStatus: z.string().nullable(),
  guestName: z.string().nullable(),
  checkIn: isoDate,
  checkOut: isoDate,
  /** The listing, when StayDesk knows it (made here, or found by the property's position). */
  listingId: z.number().int().nullable(),
  listingName: z.string().nullable(),
  ownReference: z.string().nullable(),
  totalCents: cents.nullable(),
  /** End of the payment period (ISO 8601), when known: the service's read does not carry it. */
  expiresAt: z.string().nullable(),
  /** When this copy was read from the service. */
  fetchedAt: z.number()
})
export type BookingSummary = z.infer<typeof BookingSummary>

/** A booking as the details screen shows it. */
export const KeptBooking = z.object({
  booking: BookingDetails,
  summary: BookingSummary,
  source: DataSource,
  /** For a copy: why the live booking is not shown (the service can't be reached, ...). */
  note: z.string().optional(),
  /**
   * Where the guest pays a booking awaiting payment: the create answer's link, kept in the audit
   * journal (the service's read does not carry it). Null when not known.
   */
  paymentUrl: z.string().nullable().optional()
})
export type KeptBooking = z.infer<typeof KeptBooking>

/**
 * One row of the recent list. On a team hub profile a search lists the team's kept bookings:
 * who on the team last read or wrote each (`keptBy`) and when (`keptAt`, also its `fetchedAt`);
 * a booking the hub kept from a write alone may lack its status and stay.
 */
export const RecentBooking = BookingSummary.extend({
  status: z.string().nullable(),
  checkIn: isoDate.nullable(),
  checkOut: isoDate.nullable(),
  keptBy: z.string().optional(),
  keptAt: z.number().optional()
})
export type RecentBooking = z.infer<typeof RecentBooking>

export const RecentBookings = z.object({
  total: z.number().int(),
  items: z.array(RecentBooking),
  /** `team`: the team hub's kept bookings; `local`: the copies kept on this computer. */
  source: z.enum(['team', 'local']).optional(),
  /** Why the team's list is not shown (its hub can't be reached): said above the list. */
  note: z.string().optional()
})
export type RecentBookings = z.infer<typeof RecentBookings>

export const RecentBookingsInput = z
  .object({
    /**
     * A booking id, own reference, guest name (any word) or e-mail, from its start, in any
     * case. On a team hub profile the team's kept bookings are searched; on this computer's
     * copies (another profile, or the hub out of reach) it matches the same fields.
     */
    search: z.string().trim().max(100).optional(),
    status: z.string().max(40).optional(),
    /** Start of the guest's first or last name, any case and accents. */
    guest: z.string().max(100).optional(),
    /** A listing id, or the start of its name. */
    listing: z.string().max(200).optional(),
    /** Stays that overlap from..to. */
    from: isoDate.optional(),
    to: isoDate.optional(),
    limit: z.number().int().min(1).max(500).optional(),
    offset: z.number().int().min(0).optional()
  })
  .strict()

const DueInstalment = z.object({
  booking: BookingSummary,
  name: z.string(),
  amountCents: cents,
  dueDate: isoDate
})

export const WatchList = z.object({
  /** Awaiting payment, soonest deadline first; those without a known deadline last. */
  awaitingPayment: z.array(BookingSummary),
  /** Awaiting the property manager's confirmation (on-request listings). */
  awaitingConfirmation: z.array(BookingSummary),
  /** Instalments not yet paid, due in the next 7 days. */
  instalmentsDue: z.array(DueInstalment),
  /** Instalments past their due date and not paid, of bookings the service has not ended. */
  overdue: z.array(DueInstalment),
  /** The day the watch list was made for (the machine's UTC date). */
  today: isoDate
})
export type WatchList = z.infer<typeof WatchList>

const RefundEstimate = z.object({
  percent: z.number(),
  lines: z.array(z.object({ name: z.string(), paidCents: cents, refundCents: cents })),
  paidCents: cents,
  refundCents: cents
})

export const CancelPreview = z.object({
  bookingId: z.string(),
  status: z.string(),
  /** The service has already ended this booking: it will most likely refuse a cancellation. */
  likelyRefused: z.boolean(),
  daysBeforeCheckIn: z.number().int(),
  policyName: z.string().nullable(),
  tier: z.object({ percent: z.number(), fromDaysBefore: z.number().nullable() }).nullable(),
  guest: RefundEstimate.nullable(),
  pm: RefundEstimate,
  /** When the booking the estimate is based on was read. */
  basedOn: z.number()
})
export type CancelPreview = z.infer<typeof CancelPreview>

/**
 * Writes on a production profile carry the confirmation the agent typed (the booking id, or
 * the listing id, as the dialog asked); main checks it, so a click alone never writes to live
 * data.
 */
const confirmation = z.string().max(200).optional()

/**
 * A free-text field that goes to the service or the journal (a reason, a message, a note): a
 * card number typed into it is refused on the field, before anything is sent or kept.
 */
export function withoutCardNumber<T extends z.ZodType<string>>(text: T) {
  return text.refine((v) => !holdsCardNumber(v), CARD_IN_TEXT)
}

export const CancelInput = CancelRequest.omit({ salesChannel: true })
  .extend({
    reason: withoutCardNumber(CancelRequest.shape.reason),
    message: withoutCardNumber(CancelRequest.shape.message),
    by: z.enum(CANCELLED_BY),
    confirmation
  })
  .strict()

/**
 * A booking id or own reference as typed: it goes into the service's URL paths, which can't
 * carry text with a broken character (a lone UTF-16 surrogate, from a bad paste): refused here.
 */
export const bookingKeyText = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'is too long')
  .refine(
    (v) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v),
    'has a broken character: type it again'
  )

/** A card as typed into a form: checked by the shared CreditCard schema plus Luhn. */
const CardInput = CreditCard

export const PayInput = z
  .object({ bookingId: bookingKeyText, card: CardInput, confirmation })
  .strict()

/**
 * The guest as the booking form sends it: the service's Guest with StayDesk's length limits on
 * what is typed (the spec sets none; a 10,000-letter name was sent, kept and drawn).
 */
export const GuestInput = Guest.extend({
  firstName: Guest.shape.firstName.max(TEXT_LIMITS.guestName, atMost(TEXT_LIMITS.guestName)),
  lastName: Guest.shape.lastName.max(TEXT_LIMITS.guestName, atMost(TEXT_LIMITS.guestName)),
  email: Guest.shape.email.max(TEXT_LIMITS.email, atMost(TEXT_LIMITS.email)),
  phone: z.string().max(TEXT_LIMITS.phone, atMost(TEXT_LIMITS.phone)).optional(),
  address: z.string().max(TEXT_LIMITS.address, atMost(TEXT_LIMITS.address)).optional(),
  billingAddress: z.string().max(TEXT_LIMITS.address, atMost(TEXT_LIMITS.address)).optional()
})

export const CreateInput = z
  .object({
    stay: StayFields.extend({ listingId: z.number().int().positive() })
      .superRefine(checkStay)
      .superRefine(checkStayLength),
    guest: GuestInput,
    notes: z.string().max(TEXT_LIMITS.notes, atMost(TEXT_LIMITS.notes)).optional(),
    /** Empty: StayDesk makes one, so a lost answer can still be looked up. */
    ownReference: z.string().trim().max(100).optional(),
    /**
     * The form submission this create belongs to (made once when the form opens): sending the
     * same booking again reuses the own reference main made for it, so the service's refusal of
     * a used reference stops a second booking, and main refuses a second create in flight.
     */
    submission: z.string().trim().min(8).max(100).optional(),
    salesBrand: z.string().trim().max(60).optional(),
    card: CardInput.optional(),
    confirmation
  })
  .strict()
  .superRefine((v, ctx) => {
    // The notes go to the service and into the journal: a card number typed there is refused.
    if (v.notes && holdsCardNumber(v.notes)) {
      ctx.addIssue({ code: 'custom', path: ['notes'], message: CARD_IN_TEXT })
    }
  })

/** An instalment as the create answer states it. */
const PlannedPayment = z.object({
  name: z.string().nullable(),
  amountCents: cents,
  dueDate: isoDate,
  status: z.string().nullable()
})

/**
 * The end of a write. `done`: the service did it. `refused`: it said no (its message, and the
 * booking as it stands now when there is one). `unknown`: the answer was lost after sending;
 * the booking was read again to show what happened, and nothing was sent a second time.
 */
const refusedOrUnknown = [
  z.object({
    outcome: z.literal('refused'),
    message: z.string(),
    code: AppErrorCode,
    /** The service's own words, when it gave any (what a form shows on the field). */
    serviceMessage: z.string().nullable(),
    /** The request field the refusal names (`creditCard.cvc`, `ownReference`), if any. */
    field: z.string().nullable(),
    booking: KeptBooking.nullable()
  }),
  z.object({
    outcome: z.literal('unknown'),
    message: z.string(),
    booking: KeptBooking.nullable(),
    /** What to look the booking up by (its id, or the own reference sent). */
    lookup: z.string().nullable(),
    /** The write's id in the audit journal, to settle it by hand once the agent knows. */
    journalId: z.string().optional()
  })
] as const

export const CancelOutcome = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('done'),
    status: z.string(),
    paymentStatus: z.string().nullable(),
    refunds: z.array(z.object({ name: z.string(), refundCents: cents })),
    refundCents: cents,
    /** The booking read again after the cancellation (null when that read failed). */
    booking: KeptBooking.nullable()
  }),
  ...refusedOrUnknown
])
export type CancelOutcome = z.infer<typeof CancelOutcome>

export const CreateOutcome = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('done'),
    bookingId: z.string(),
    status: z.string(),
    paymentStatus: z.string(),
    ownReference: z.string(),
    paymentUrl: z.string().nullable(),
    confirmationUrl: z.string().nullable(),
    expiresAt: z.string().nullable(),
    instalments: z.array(PlannedPayment),
    /** Bank transfer details, when the service gives them. */
    paymentInstructions: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
    card: MaskedCard.nullable()
  }),
  ...refusedOrUnknown
])
export type CreateOutcome = z.infer<typeof CreateOutcome>

export const PayOutcome = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('done'),
    status: z.string(),
    paymentStatus: z.string(),
    card: MaskedCard,
    booking: KeptBooking.nullable()
  }),
  ...refusedOrUnknown
])
export type PayOutcome = z.infer<typeof PayOutcome>
