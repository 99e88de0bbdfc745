import type { Listing } from '@shared/api'
import { centsToEur } from '@shared/domain/money'
import {
  blockPreexistingStays,
  createCalendar,
  type Calendar,
  type CalendarParams
} from './calendar'
import { POLICIES, policyTextList } from './policies'
import { mulberry32, subSeed, type Prng } from './prng'
import { PLACES, type Place } from './portfolio-places'
import { rateRules, ruleOf, type RateRules } from './portfolio-rates'
import * as T from './portfolio-texts'
import { descriptions } from './portfolio-texts'

/**
 * The generated demo portfolio: one ListingState per listing, from (seed, size, today) only.
 * Each listing draws from its own stream, so listing k is the same whatever the size.
 */

export interface ListingState {
  id: number
  listing: Listing
  params: CalendarParams
  cal: Calendar
  rules: RateRules
  place: Place
  propertyManager: string
}

export interface PortfolioOptions {
  seed: number
  size: number
  /** Day number of the sandbox's today at start. */
  today: number
  /** Unix seconds of the start: `created` and `lastModified` lie before it. */
  nowSeconds: number
}

const DAY_S = 86_400
const WEEKDAY_SETS: readonly number[][] = [
  [0, 1, 2, 3, 4, 5, 6],
  [0, 1, 2, 3, 4, 5, 6],
  [6],
  [5, 6],
  [1, 5, 6],
  [0, 6]
]
const eur = (cents: number): number => centsToEur(cents)
const maskOf = (days: number[]): number => days.reduce((m, d) => m | (1 << d), 0)

export function generatePortfolio(opts: PortfolioOptions): ListingState[] {
  const ids = mulberry32(subSeed(opts.seed, 1))
  const out: ListingState[] = []
  let id = 100000
  for (let k = 0; k < opts.size; k++) {
    id += ids.chance(0.6) ? 1 : ids.int(2, 9)
    out.push(generateListing(mulberry32(subSeed(opts.seed, 1000 + k)), id, opts))
  }
  return out
}

function generateListing(r: Prng, id: number, opts: PortfolioOptions): ListingState {
  const place = r.pick(PLACES)
  const alpine = ['AT', 'DE', 'FR'].includes(place.countryISO) && place.lat > 45.9 && place.lat < 48
  const rentalType = r.pick(T.RENTAL_TYPES)
  const bedroomCount =
    rentalType === 'Studio' ? 1 : rentalType === 'Villa' ? r.int(3, 6) : r.int(1, 4)
  const bedrooms = Array.from({ length: bedroomCount }, (_, i) => {
    const double = i === 0 || r.chance(0.6)
    return {
      name: `Bedroom ${i + 1}`,
      beds: [double ? { name: 'Double bed', number: 1 } : { name: 'Single bed', number: 2 }],
      type: 'Bedroom'
    }
  })
  const sofaBed = r.chance(0.4)
  const maxGuest = bedroomCount * 2 + (sofaBed ? 2 : 0)
  const baseCents =
    (rentalType === 'Villa' ? 18000 : 6000) + bedroomCount * r.int(1500, 4000) + r.int(0, 99)
  const checkIn = r.pick(WEEKDAY_SETS)
  const checkOut = checkIn.length === 7 ? checkIn : r.chance(0.5) ? checkIn : WEEKDAY_SETS[0]
  const minStay = checkIn.length === 1 ? 7 : r.int(1, 4)
  const params: CalendarParams = {
    key: id ^ subSeed(opts.seed, 2),
    checkInMask: maskOf(checkIn),
    checkOutMask: maskOf(checkOut),
    minStay,
    highMinStay: Math.max(minStay, r.pick([3, 5, 7])),
    maxStay: r.pick([14, 21, 28, 30, 60, 90]),
    baseCents,
    weekendPct: r.pick([0, 10, 15, 20]),
    highPct: r.int(20, 60),
    lowPct: r.int(5, 25),
    alpine
  }
  const cal = createCalendar(params, opts.today)
  blockPreexistingStays(r, cal)

  const policy = r.pick(POLICIES)
  const cleaningBasis = r.pick(['included', 'mandatory', 'mandatory', 'optional'] as const)
  const cleaning = {
    feeBasis: cleaningBasis,
    fee: cleaningBasis === 'included' ? 0 : 40 + bedroomCount * 15 + r.int(0, 20)
  }
  const extras = r.sample(T.EXTRAS, r.int(0, 3)).map((e) => ({ ...e }))
  const localTax = r.chance(0.75) ? { ...place.localTax } : undefined
  const taxes = r.chance(0.45) ? r.sample(T.TAXES, r.int(1, 2)).map((t) => ({ ...t })) : undefined
  const securityDeposit = r.pick([0, 100, 200, 300, 500])
  const rules = rateRules(r, opts.today, maxGuest, {
    cleaning,
    extras,
    localTax,
    taxes,
    securityDeposit
  })

  const created = opts.nowSeconds - r.int(400, 2000) * DAY_S + r.int(0, DAY_S)
  const lastModified = Math.min(opts.nowSeconds - 60, created + r.int(1, 380) * DAY_S)
  const active = !r.chance(0.03)
  const street = r.pick(place.streets)
  const number = String(r.int(1, 120))
  const address =
    place.countryISO === 'DE' || place.countryISO === 'AT' || place.countryISO === 'NL'
      ? `${street} ${number}`
      : `${street}, ${number}`
  const texts = descriptions(r, place, rentalType, bedroomCount, maxGuest)
  const pool = r.pick(T.POOLS)
  const pets = r.chance(0.35)
  const listing: Listing = {
    id,
    active,
    referenceNumber: `${place.countryISO}-${place.city.slice(0, 3).toUpperCase()}-${String(id % 100000).padStart(5, '0')}`,
    rentalType,
    rentalBasis:
      rentalType === 'Apartment' || rentalType === 'Studio' ? 'Entire apartment' : 'Entire house',
    entrance: r.chance(0.8) ? 'Private entrance' : 'Shared entrance',
    bookingType: r.chance(0.15) ? 'onRequest' : 'instant',
    maxGuest,
    description: texts,
    facilities: {
      livingDining: r.sample(T.LIVING_DINING, r.int(2, 5)),
      outdoor: r.sample(T.OUTDOOR, r.int(0, 4)),
      parking: r.pick(T.PARKING),
      airConditioning: alpine ? 'No' : r.chance(0.6) ? 'Yes' : 'No',
      miscellaneous: r.sample(T.MISC, r.int(1, 4)),
      washingMachine: r.chance(0.7) ? 'Yes' : 'No',
      heating: r.pick(T.HEATING),
      kitchen: r.sample(T.KITCHEN, r.int(3, 7)),
      swimmingPool: pool,
      internet: r.pick(T.INTERNET)
    },
    rooms: {
      bedrooms: { numbers: bedroomCount, rooms: bedrooms },
      bathrooms: {
        numbers: Math.max(1, bedroomCount - 1),
        rooms: Array.from({ length: Math.max(1, bedroomCount - 1) }, (_, i) => ({
          name: `Bathroom ${i + 1}`,
          shower: 'Yes',
          toilet: 'Yes',
          type: i === 0 ? 'Full bathroom' : 'Shower room',
          bath: i === 0 && r.chance(0.5) ? 'Yes' : 'No'
        }))
      },
      kitchens: {
        numbers: 1,
        rooms: [{ type: rentalType === 'Studio' ? 'Kitchenette' : 'Kitchen' }]
      },
      others: r.sample(T.OTHER_ROOMS, r.int(0, 2))
    },
    suitability: {
      pets: pets ? 'Allowed' : 'Not allowed',
      petsCount: pets ? String(r.int(1, 2)) : '0',
      wheelchair: r.chance(0.15) ? 'Accessible' : 'Not accessible',
      eventsOrParties: 'Not allowed',
      petFee: pets ? r.pick([0, 25, 40]) : 0,
      children: r.chance(0.9) ? 'Welcome' : 'Not suitable',
      smoking: r.chance(0.1) ? 'Outside only' : 'Not allowed',
      petFeeBasis: 'Per stay'
    },
    location: {
      rentalLicenseNumber: `${place.licencePrefix}${r.int(100000, 999999)}`,
      address,
      addressDetails: rentalType === 'Apartment' ? `Floor ${r.int(0, 4)}` : '',
      city: place.city,
      region: place.region,
      zip: place.zip,
      country: place.country,
      latitude: Number((place.lat + (r.next() - 0.5) * 0.06).toFixed(6)),
      longitude: Number((place.lon + (r.next() - 0.5) * 0.06).toFixed(6)),
      countryISO: place.countryISO,
      en: {
        country: place.countryEn,
        number,
        address,
        region: place.region,
        city: place.city,
        street
      }
    },
    specialRates: {
      earlyBirdRule: ruleOf(rules.earlyBird),
      lastMinuteRule: ruleOf(rules.lastMinute),
      seasonPriceRules: [
        { name: 'High season', priceIncreasePercent: params.highPct },
        { name: 'Low season', priceDecreasePercent: params.lowPct }
      ],
      ratesSameAllYearRound: false
    },
    basicRates: {
      maximumStay: params.maxStay,
      minimumStay: minStay,
      maximumGuests: maxGuest,
      weekendNight: eur(Math.round(baseCents * (1 + params.weekendPct / 100))),
      basicNight: eur(baseCents),
      checkInDays: checkIn,
      checkOutDays: checkOut
    },
    created,
    lastModified,
    status: active ? 'active' : 'inactive',
    floorspace: bedroomCount * r.int(22, 40) + 20,
    cancellationPolicy: { name: policy.name, textList: policyTextList(policy) },
    advanceNotice: r.int(0, 3),
    houseRules: r.pick(T.HOUSE_RULES),
    images: Array.from({ length: r.int(4, 10) }, (_, n) => ({
      url: `/images/${id}/${n + 1}.svg`,
      labels: [n === 0 ? 'exterior' : r.pick(T.IMAGE_LABELS)]
    })),
    cleaning,
    securityDeposit,
    extras,
    ...(localTax ? { localTax } : {}),
    ...(taxes ? { taxes } : {}),
    salesChannelExcludedList: r.chance(0.1) ? [r.pick(['XBKG', 'XAIR', 'XVRB'])] : [],
    urls: { guestListingPage: `/guest/listing/${id}`, guestBookingPage: `/guest/book/${id}` },
    instructions: {
      checkIn: r.pick(['14:00', '15:00', '16:00']),
      checkOut: r.pick(['10:00', '11:00'])
    },
    externalIds: [{ system: 'pms', id: `PMS-${r.int(10000, 99999)}` }]
  }
  return { id, listing, params, cal, rules, place, propertyManager: r.pick(T.PROPERTY_MANAGERS) }
}
