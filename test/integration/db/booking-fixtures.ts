import {
  BookingDetails,
  type BookingDetailsWire,
  type DetailInstalment
} from '@shared/api/booking.schema'

/**
 * Booking details as the service's read sends them (numbers now and then as strings, nulls for
 * what is not known), parsed by the shared schema as the app does before keeping a copy.
 */

export interface BookingOptions {
  status?: string
  paymentStatus?: string
  firstName?: string
  lastName?: string
  checkIn?: string
  checkOut?: string
  /** The property's position; null leaves the coordinates out. */
  position?: { latitude: number | string; longitude: number | string } | null
  amount?: number | string
  instalments?: BookingDetailsWire['instalments']
}

function bookingWire(id: string, o: BookingOptions = {}): BookingDetailsWire {
  const position = o.position === undefined ? { latitude: 43.5081, longitude: 16.4402 } : o.position
  return {
    id,
    status: o.status ?? 'confirmed',
    salesChannel: 'SD01',
    salesBrand: null,
    guest: {
      id: `g-${id}`,
      firstName: o.firstName ?? 'Anna',
      lastName: o.lastName ?? 'Berg',
      email: 'guest@example.com',
      phone: '+4915112345678',
      country: 'DE',
      language: 'de'
    },
    checkIn: { date: o.checkIn ?? '2026-04-10', time: '16:00' },
    checkOut: { date: o.checkOut ?? '2026-04-17', time: '10:00' },
    adults: '2',
    propertyAddress: {
      zip: '21000',
      country: 'Hrvatska',
      address: 'Obala 12, 21000 Split',
      city: 'Split',
      placeId: 'ChIJ-split',
      number: '12',
      countryISO: 'HR',
      street: 'Obala',
      region: 'Dalmacija',
      ...(position ?? {}),
      en: { country: 'Croatia', city: 'Split', region: 'Dalmatia', street: 'Obala' }
    },
    propertyManagerName: 'Adriatic Homes',
    instructions: {
      closestAirportsList: [
        { name: 'Split Airport', country: 'Croatia', iata: 'SPU', distance: 24.5, city: 'Kaštela' }
      ],
      checkinContact: 'Adriatic Homes, reception',
      collectionPoint: 'Key box at the entrance',
      checkIn: '16:00',
      checkOut: '10:00',
      phone: { country: 'HR', number: 5550123, code: 385 }
    },
    payment: {
      currency: 'EUR',
      rental: 1120.5,
      cleaning: 60,
      discount: 0,
      amount: o.amount ?? 1180.5,
      paymentDate: null,
      extrasAndServices: []
    },
    instalments: o.instalments ?? [
      instalmentWire('deposit', 354.15, '2026-03-02', 'paid'),
      instalmentWire('balance', 826.35, '2026-03-27', 'init')
    ],
    cancellationPolicy: {
      name: 'moderate',
      listText: ['Full refund until 30 days before check-in', '50% until 14 days before'],
      refund: { dayPeriod: '30', percentage: 100 }
    },
    paymentStatus: o.paymentStatus ?? 'partialPaid'
  }
}

export function instalmentWire(
  name: string,
  amount: number,
  dueDate: string,
  status: string | null
): NonNullable<BookingDetailsWire['instalments']>[number] {
  return {
    paymentCardType: status === 'paid' ? 'visa' : null,
    amount,
    paymentProvider: 'adyen',
    dueDate,
    name,
    paidAt: status === 'paid' ? '2026-03-02 09:14:00' : null,
    id: `${Math.round(amount * 100)}`,
    paymentTransaction: null,
    status,
    paymentReference: null,
    refundedAmount: null,
    refundedAt: null
  } satisfies Record<keyof DetailInstalment, unknown>
}

export function makeBooking(id: string, o: BookingOptions = {}): BookingDetails {
  return BookingDetails.parse(bookingWire(id, o))
}
