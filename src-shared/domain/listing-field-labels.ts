/**
 * The listing's fields and the rate record's rules by the names a property manager reads on the
 * listing page ("Rental licence", not "rentalLicenseNumber"): one map, so the history, the live
 * check and the command line name a field the same way. Members are labelled by their own name
 * wherever they sit (a `city` is "City" in the address and in its English spelling); a path
 * ("location.en") names the few that read differently in one place.
 */

const FIELD_LABELS: Record<string, string> = {
  // Listing, top level (spec: Listing).
  active: 'Active',
  referenceNumber: 'Reference number',
  rentalType: 'Rental type',
  rentalBasis: 'Rental basis',
  entrance: 'Entrance',
  bookingType: 'Booking type',
  maxGuest: 'Maximum guests',
  description: 'Descriptions',
  facilities: 'Facilities',
  rooms: 'Rooms',
  suitability: 'Suitability',
  location: 'Location',
  specialRates: 'Special rates',
  basicRates: 'Basic rates',
  created: 'Created',
  lastModified: 'Last modified',
  status: 'Status',
  floorspace: 'Floor space',
  cancellationPolicy: 'Cancellation policy',
  advanceNotice: 'Advance notice (days)',
  houseRules: 'House rules',
  images: 'Images',
  cleaning: 'Cleaning',
  securityDeposit: 'Security deposit',
  extras: 'Extras',
  localTax: 'Local tax',
  taxes: 'Taxes',
  salesChannelExcludedList: 'Excluded channels',
  urls: 'Guest pages',
  instructions: 'Arrival and departure',
  externalIds: 'External ids',
  // Descriptions.
  headline: 'Headline',
  summary: 'Summary',
  autoTranslated: 'Machine-translated',
  // Facilities (the listing page's names).
  livingDining: 'Living and dining',
  outdoor: 'Outdoor',
  parking: 'Parking',
  airConditioning: 'Air conditioning',
  miscellaneous: 'Other',
  washingMachine: 'Washing machine',
  heating: 'Heating',
  kitchen: 'Kitchen',
  swimmingPool: 'Swimming pool',
  internet: 'Internet',
  // Rooms.
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  kitchens: 'Kitchens',
  others: 'Other rooms',
  numbers: 'Number',
  beds: 'Beds',
  type: 'Type',
  number: 'Number',
  shower: 'Shower',
  toilet: 'Toilet',
  bath: 'Bath',
  // Suitability.
  pets: 'Pets',
  petsCount: 'Number of pets',
  wheelchair: 'Wheelchair access',
  eventsOrParties: 'Events or parties',
  petFee: 'Pet fee',
  children: 'Children',
  smoking: 'Smoking',
  petFeeBasis: 'Pet fee basis',
  // Location (the listing page's names).
  rentalLicenseNumber: 'Rental licence',
  address: 'Address',
  addressDetails: 'Address details',
  city: 'City',
  region: 'Region',
  zip: 'Postcode',
  country: 'Country',
  latitude: 'Latitude',
  longitude: 'Longitude',
  countryISO: 'Country code',
  'location.en': 'English address',
  street: 'Street',
  // Special and basic rates.
  earlyBirdRule: 'Early-bird discount',
  lastMinuteRule: 'Last-minute discount',
  seasonPriceRules: 'Season price rules',
  ratesSameAllYearRound: 'Same rates all year',
  discount: 'Discount',
  'earlyBirdRule.checkIn': 'Days before check-in',
  'lastMinuteRule.checkIn': 'Days before check-in',
  maximumStay: 'Maximum stay (nights)',
  minimumStay: 'Minimum stay (nights)',
  maximumGuests: 'Maximum guests',
  weekendNight: 'Weekend night',
  basicNight: 'Basic night',
  checkInDays: 'Check-in days',
  checkOutDays: 'Check-out days',
  // Fees, cancellation terms, images, pages, times.
  name: 'Name',
  fee: 'Fee',
  feeBasis: 'Basis',
  textList: 'Terms',
  value: 'Text',
  url: 'Address',
  labels: 'Labels',
  guestListingPage: 'Guest listing page',
  guestBookingPage: 'Guest booking page',
  checkIn: 'Check-in',
  checkOut: 'Check-out',
  // Rate record rules (spec: Rate record).
  longerStay: 'Longer stay',
  longerStayExclusionPeriods: 'Longer-stay exclusion periods',
  lastMinute: 'Last minute',
  earlyBird: 'Early bird',
  additionalGuests: 'Additional guests',
  amount: 'Guests charged extra',
  price: 'Price per extra guest a night',
  startDate: 'From',
  endDate: 'To'
}

/** "priceIncreasePercent" as "Price increase percent": a member the spec does not name. */
function keyLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * A field's label: `path` is where it sits ("location.en"), its last part the member's name.
 * A member StayDesk has no name for is said in words from its key.
 */
export function fieldLabel(path: string): string {
  const key = path.slice(path.lastIndexOf('.') + 1)
  return FIELD_LABELS[path] ?? FIELD_LABELS[key] ?? keyLabel(key)
}

/** "English" for "EN": a description's language by name, keeping a code it does not know. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code.toLowerCase())
    return name && name.toLowerCase() !== code.toLowerCase() ? name : code
  } catch {
    return code
  }
}
