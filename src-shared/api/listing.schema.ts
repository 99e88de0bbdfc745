import { z } from 'zod'
import { eur, intish, numberish, openEnum, unixSeconds } from './common.schema'

/**
 * Listing (property) as published by the service. Every member is optional because the spec
 * says not every field is present in every response (the period-availability endpoint omits
 * rates and status); only `id` is required, since nothing can be done with a listing without it.
 */

const str = z.string().optional()
const strList = z.array(z.string()).optional()

export const BOOKING_TYPES = ['instant', 'onRequest'] as const
export const bookingType = openEnum(BOOKING_TYPES)

const CLEANING_FEE_BASES = ['included', 'mandatory', 'optional'] as const
export const cleaningFeeBasis = openEnum(CLEANING_FEE_BASES)

/** Fee bases that occur in the spec; other values parse and are treated as documented in pricing.md. */
export const FEE_BASES = [
  'Per unit',
  'Per stay',
  'Per person',
  'Per person / stay',
  'Per person / night',
  'Per person / day',
  'Per adult / day',
  'Per adult / stay',
  'Per day',
  '% of Rental Amount'
] as const
const feeBasis = openEnum(FEE_BASES)

const Description = z.object({
  headline: str,
  summary: str,
  description: str,
  autoTranslated: z.boolean().optional()
})

const Facilities = z.object({
  livingDining: strList,
  outdoor: strList,
  parking: str,
  airConditioning: str,
  miscellaneous: strList,
  washingMachine: str,
  heating: str,
  kitchen: strList,
  swimmingPool: str,
  internet: str
})

const Rooms = z.object({
  bedrooms: z
    .object({
      numbers: intish.optional(),
      rooms: z
        .array(
          z.object({
            name: str,
            beds: z.array(z.object({ name: str, number: intish.optional() })).optional(),
            type: str
          })
        )
        .optional()
    })
    .optional(),
  bathrooms: z
    .object({
      numbers: intish.optional(),
      rooms: z
        .array(z.object({ name: str, shower: str, toilet: str, type: str, bath: str }))
        .optional()
    })
    .optional(),
  kitchens: z
    .object({ numbers: intish.optional(), rooms: z.array(z.object({ type: str })).optional() })
    .optional(),
  others: strList
})

const Suitability = z.object({
  pets: str,
  petsCount: str,
  wheelchair: str,
  eventsOrParties: str,
  petFee: numberish.optional(),
  children: str,
  smoking: str,
  petFeeBasis: str
})

const EnglishAddress = z.object({
  country: str,
  number: str,
  address: str,
  region: str,
  city: str,
  street: str
})

const Location = z.object({
  rentalLicenseNumber: str,
  address: str,
  addressDetails: str,
  city: str,
  region: str,
  zip: str,
  country: str,
  latitude: numberish.optional(),
  longitude: numberish.optional(),
  countryISO: str,
  en: EnglishAddress.optional()
})

const DiscountRule = z.object({ discount: numberish.optional(), checkIn: numberish.optional() })

const SpecialRates = z.object({
  earlyBirdRule: DiscountRule.optional(),
  lastMinuteRule: DiscountRule.optional(),
  seasonPriceRules: z.array(z.unknown()).optional(),
  ratesSameAllYearRound: z.boolean().optional()
})

/** Weekday numbers 0 to 6; the spec does not say which day 0 is (see docs/pricing.md). */
const weekdays = z.array(intish.pipe(z.number().min(0).max(6)))

const BasicRates = z.object({
  maximumStay: intish.optional(),
  minimumStay: intish.optional(),
  maximumGuests: intish.optional(),
  weekendNight: eur.optional(),
  basicNight: eur.optional(),
  checkInDays: weekdays.optional(),
  checkOutDays: weekdays.optional()
})

export const Fee = z.object({ name: z.string(), feeBasis: feeBasis.optional(), fee: eur })
export type Fee = z.infer<typeof Fee>

export const Cleaning = z.object({ feeBasis: cleaningFeeBasis, fee: eur })
export type Cleaning = z.infer<typeof Cleaning>

const CancellationPolicy = z.object({
  name: str,
  textList: z.array(z.object({ name: str, value: str })).optional()
})

const Image = z.object({ url: z.string(), labels: strList })

export const Listing = z.object({
  id: intish,
  active: z.boolean().optional(),
  referenceNumber: str,
  rentalType: str,
  rentalBasis: str,
  entrance: str,
  bookingType: bookingType.optional(),
  maxGuest: intish.optional(),
  description: z.record(z.string(), Description).optional(),
  facilities: Facilities.optional(),
  rooms: Rooms.optional(),
  suitability: Suitability.optional(),
  location: Location.optional(),
  specialRates: SpecialRates.optional(),
  basicRates: BasicRates.optional(),
  created: unixSeconds.optional(),
  lastModified: unixSeconds.optional(),
  status: str,
  floorspace: numberish.optional(),
  cancellationPolicy: CancellationPolicy.optional(),
  advanceNotice: intish.optional(),
  houseRules: str,
  images: z.array(Image).optional(),
  cleaning: Cleaning.optional(),
  securityDeposit: eur.optional(),
  extras: z.array(Fee).optional(),
  localTax: Fee.optional(),
  taxes: z.array(Fee).optional(),
  salesChannelExcludedList: strList,
  urls: z.object({ guestListingPage: str, guestBookingPage: str }).optional(),
  instructions: z.object({ checkIn: str, checkOut: str }).optional(),
  externalIds: z.array(z.unknown()).optional()
})
export type Listing = z.infer<typeof Listing>
/** What the service sends (numbers may be strings); the sandbox builds values of this type. */
export type ListingWire = z.input<typeof Listing>

export const ListingPage = z.array(Listing)
