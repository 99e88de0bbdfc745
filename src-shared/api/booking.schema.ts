import { z } from 'zod'
import {
  eur,
  intish,
  isoDate,
  numberish,
  openEnum,
  salesChannelId,
  serviceDateTime
} from './common.schema'
import { cardBrand, cardDigits, cvcLength, luhnValid } from '../domain/card'
import { checkStay, StayFields } from './quote.schema'

/** Booking status values from the spec, plus `confirmed` which the create and read examples use. */
export const BOOKING_STATUSES = [
  'confirmed',
  'expired',
  'declined',
  'pendingPayment',
  'pendingConfirm',
  'inProgress',
  'coolOff',
  'completed',
  'disputeByPm',
  'disputeByGuest',
  'cancelled',
  'cancelledByGuest',
  'cancelledByPm',
  'cancelledByYR',
  'pendingCancellation'
] as const
const bookingStatus = openEnum(BOOKING_STATUSES)

export const PAYMENT_STATUSES = [
  'success',
  'pending',
  'failure',
  'partialPaid',
  'cancelled',
  'paid',
  'refunded'
] as const
const paymentStatus = openEnum(PAYMENT_STATUSES)

export const Guest = z.object({
  firstName: z.string().trim().min(1, 'is required'),
  lastName: z.string().trim().min(1, 'is required'),
  email: z.email('must be an e-mail address'),
  phone: z.string().optional(),
  address: z.string().optional(),
  billingAddress: z.string().optional(),
  country: z.string().length(2, 'must be a two-letter country code').optional(),
  language: z.string().min(2).max(3).optional()
})
export type Guest = z.infer<typeof Guest>

/**
 * Card data is only ever forwarded to the service: never logged, stored or echoed. zod issues
 * do not include input values by default; never turn on `reportInput` for these schemas.
 */
export const CreditCard = z
  .object({
    name: z.string().max(100).optional(),
    number: z
      .string()
      .transform(cardDigits)
      .pipe(
        z
          .string()
          .regex(/^\d{12,19}$/, { message: 'must be 12 to 19 digits', abort: true })
          .refine(luhnValid, 'is not a valid card number (its check digit is wrong)')
      ),
    cvc: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
    expiration: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'must be MM/YY')
  })
  .superRefine((card, ctx) => {
    // Only once the number itself is valid: its brand decides the code's length.
    if (!/^\d{12,19}$/.test(card.number) || !/^\d{3,4}$/.test(card.cvc)) return
    const length = cvcLength(cardBrand(card.number))
    if (card.cvc.length !== length) {
      ctx.addIssue({
        code: 'custom',
        path: ['cvc'],
        message: `must be ${length} digits for this card`
      })
    }
  })
export type CreditCard = z.infer<typeof CreditCard>

export const BookingRequest = StayFields.extend({
  guest: Guest,
  creditCard: CreditCard.optional(),
  salesChannel: salesChannelId.optional(),
  salesBrand: z.string().optional(),
  ownReference: z.string().trim().min(1).max(100).optional(),
  notes: z.string().max(4000).optional(),
  ip: z.string().optional()
}).superRefine(checkStay)
export type BookingRequest = z.infer<typeof BookingRequest>
export type BookingRequestWire = z.input<typeof BookingRequest>

/** Instalment as in the create response. */
const Instalment = z.object({
  amount: eur,
  dueDate: isoDate,
  status: z.string(),
  id: intish,
  currency: z.string().default('EUR'),
  paymentReference: z.string().optional()
})

const PaymentInstructions = z.object({
  bankCode: z.string().optional(),
  bankAccountCountry: z.string().optional(),
  accountName: z.string().optional(),
  iban: z.string().optional(),
  branchAddress: z.string().optional(),
  bankName: z.string().optional(),
  accountNumber: z.string().optional(),
  bankAccountCurrency: z.string().optional(),
  swift: z.string().optional(),
  checkDigits: numberish.optional()
})

/** Create response when the service is Merchant of Record. */
export const BookingCreatedByService = z.object({
  bookingId: z.string(),
  status: bookingStatus,
  paymentStatus: paymentStatus,
  confirmationUrl: z.string(),
  paymentUrl: z.string(),
  instalments: z.array(Instalment),
  paymentInstructions: PaymentInstructions,
  expiresAt: serviceDateTime.optional()
})

/** Create response when the sales channel is Merchant of Record. */
export const BookingCreatedByChannel = z.object({
  bookingId: z.string(),
  status: bookingStatus,
  paymentStatus: paymentStatus,
  paymentUrl: z.string().optional(),
  expiresAt: serviceDateTime.optional()
})

/** Either mode: the richer shape is tried first, so its fields survive parsing. */
export const BookingCreated = z.union([BookingCreatedByService, BookingCreatedByChannel])
export type BookingCreated = z.infer<typeof BookingCreated>

export const PayRequest = z.object({ creditCard: CreditCard })
export type PayRequest = z.infer<typeof PayRequest>

export const PayResult = z.object({
  bookingId: z.string(),
  status: bookingStatus,
  paymentStatus: paymentStatus
})
export type PayResult = z.infer<typeof PayResult>

export const CANCELLED_BY = ['guest', 'pm'] as const
export type CancelledBy = (typeof CANCELLED_BY)[number]

/** Longest cancellation reason: a short statement, kept with the booking by the service. */
export const CANCEL_REASON_MAX = 500
/** Longest message to the other party: a few paragraphs, as an e-mail would hold. */
export const CANCEL_MESSAGE_MAX = 2000

export const CancelRequest = z.object({
  /** The service's booking id, or the caller's `ownReference` given at creation. */
  bookingId: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  reason: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(CANCEL_REASON_MAX, `must be at most ${CANCEL_REASON_MAX} characters`),
  message: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(CANCEL_MESSAGE_MAX, `must be at most ${CANCEL_MESSAGE_MAX} characters`),
  salesChannel: salesChannelId.optional()
})
export type CancelRequest = z.infer<typeof CancelRequest>

/** Instalment as in booking details and cancellation results. */
export const DetailInstalment = z.object({
  paymentCardType: z.string().nullish(),
  amount: eur,
  paymentProvider: z.string().nullish(),
  dueDate: isoDate.nullish(),
  name: z.string().nullish(),
  paidAt: z.string().nullish(),
  id: intish.nullish(),
  paymentTransaction: z.string().nullish(),
  status: z.string().nullish(),
  paymentReference: z.string().nullish(),
  refundedAmount: eur.nullish(),
  refundedAt: z.string().nullish()
})
export type DetailInstalment = z.infer<typeof DetailInstalment>

export const CancellationResult = z.object({
  id: z.string(),
  status: bookingStatus,
  cancelledAt: z.string().optional(),
  cancelledReason: z.string().optional(),
  cancelledMessage: z.string().optional(),
  paymentStatus: paymentStatus.optional(),
  instalments: z.array(DetailInstalment).default([])
})
export type CancellationResult = z.infer<typeof CancellationResult>

const opt = z.string().optional()
const enAddress = z.object({
  number: opt,
  country: opt,
  address: opt,
  region: opt,
  city: opt,
  street: opt
})

export const BookingDetails = z.object({
  id: z.string(),
  status: bookingStatus,
  salesChannel: z.string().optional(),
  salesBrand: z.string().nullish(),
  guest: Guest.partial().extend({ id: z.string().optional() }).optional(),
  checkIn: z.object({ date: isoDate, time: opt }),
  checkOut: z.object({ date: isoDate, time: opt }),
  adults: intish.optional(),
  propertyAddress: z
    .object({
      zip: opt,
      country: opt,
      rentalLicenseNumber: opt,
      address: opt,
      city: opt,
      placeId: opt,
      number: opt,
      countryISO: opt,
      street: opt,
      region: opt,
      latitude: numberish.optional(),
      longitude: numberish.optional(),
      en: enAddress.optional()
    })
    .optional(),
  propertyManagerName: opt,
  instructions: z
    .object({
      closestAirportsList: z
        .array(
          z.object({
            name: opt,
            country: opt,
            iata: opt,
            distance: numberish.optional(),
            city: opt
          })
        )
        .optional(),
      checkinContact: opt,
      collectionPoint: opt,
      checkIn: opt,
      checkOut: opt,
      phone: z
        .object({ country: opt, number: numberish.optional(), code: numberish.optional() })
        .optional()
    })
    .optional(),
  payment: z
    .object({
      currency: opt,
      rental: eur.optional(),
      cleaning: eur.optional(),
      discount: eur.optional(),
      amount: eur.optional(),
      paymentDate: z.string().nullish(),
      extrasAndServices: z.array(z.unknown()).optional()
    })
    .optional(),
  instalments: z.array(DetailInstalment).default([]),
  cancellationPolicy: z
    .object({
      name: opt,
      listText: z.array(z.string()).optional(),
      refund: z
        .object({ dayPeriod: numberish.optional(), percentage: numberish.optional() })
        .optional()
    })
    .optional(),
  paymentStatus: paymentStatus.optional()
})
export type BookingDetails = z.infer<typeof BookingDetails>
export type BookingDetailsWire = z.input<typeof BookingDetails>
