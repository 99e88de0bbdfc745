import type { BookingDetailsWire } from '@shared/api'
import { toServiceDateTime } from '@shared/api'
import { daysBetween } from '@shared/domain/dates'
import { centsToEur } from '@shared/domain/money'
import { detailInstalments, paidCents, type BookingState } from './bookings'
import type { ListingState } from './portfolio'
import { policyByName, policyTextList, tierFor } from './policies'

/** GET /v1/booking/{id}/{channel}: everything a voucher or guest e-mail needs. */

function detailsPaymentStatus(b: BookingState): string {
  if (b.cancellation) return b.cancellation.paymentStatus
  const paid = paidCents(b)
  if (paid === 0) return b.lastPayment === 'failure' ? 'failure' : 'pending'
  return paid === b.price.totalCents ? 'paid' : 'partialPaid'
}

export function bookingDetails(
  b: BookingState,
  ls: ListingState,
  today: string
): BookingDetailsWire {
  const { listing, place } = ls
  const loc = listing.location ?? {}
  const policy = policyByName(listing.cancellationPolicy?.name)
  // The tier shown is the one that applies now (or applied when the booking was cancelled).
  const refundDay = b.cancellation ? b.cancellation.at.slice(0, 10) : today
  const tier = tierFor(policy, daysBetween(refundDay, b.from))
  const firstPaid = b.instalments.find((i) => i.paidAt)
  return {
    id: b.id,
    status: b.status,
    salesChannel: b.channel,
    salesBrand: b.salesBrand ?? null,
    guest: { ...b.guest },
    checkIn: { date: b.from, time: listing.instructions?.checkIn },
    checkOut: { date: b.to, time: listing.instructions?.checkOut },
    adults: b.adults,
    propertyAddress: {
      zip: loc.zip,
      country: loc.country,
      rentalLicenseNumber: loc.rentalLicenseNumber,
      address: loc.address,
      city: loc.city,
      placeId: `sandbox-place-${listing.id}`,
      number: loc.en?.number,
      countryISO: loc.countryISO,
      street: loc.en?.street,
      region: loc.region,
      latitude: loc.latitude,
      longitude: loc.longitude,
      en: { ...loc.en }
    },
    propertyManagerName: ls.propertyManager,
    instructions: {
      closestAirportsList: [
        {
          name: place.airport.name,
          country: place.countryEn,
          iata: place.airport.iata,
          distance: place.airport.distanceKm,
          city: place.airport.city
        }
      ],
      checkinContact: `${ls.propertyManager}, reception`,
      collectionPoint: 'Key box at the entrance; the code is sent 24 hours before arrival',
      checkIn: listing.instructions?.checkIn,
      checkOut: listing.instructions?.checkOut,
      phone: {
        country: place.countryISO,
        number: 5550100 + (listing.id % 100),
        code: place.phoneCode
      }
    },
    payment: {
      currency: 'EUR',
      rental: centsToEur(b.price.rentalRateCents),
      cleaning: centsToEur(b.price.cleaningCents),
      discount: centsToEur(b.price.discount?.cents ?? 0),
      amount: centsToEur(b.price.totalCents),
      paymentDate: firstPaid?.paidAt ? toServiceDateTime(Date.parse(firstPaid.paidAt)) : null,
      extrasAndServices: []
    },
    instalments: detailInstalments(b),
    cancellationPolicy: {
      name: policy.name,
      listText: policyTextList(policy).map((t) => t.value),
      refund: { dayPeriod: tier.minDaysBefore, percentage: tier.percent }
    },
    paymentStatus: detailsPaymentStatus(b)
  }
}
