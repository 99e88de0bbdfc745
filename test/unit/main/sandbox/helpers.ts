import { BookingRequest, type BookingRequestWire, type Listing } from '@shared/api'
import { addDays } from '@shared/domain/dates'
import { createSandboxStore } from '../../../../src-main/sandbox/state/store'
import type { Caller, SandboxStore } from '../../../../src-main/sandbox/types'

export const TODAY = '2026-03-02'
export const SERVICE: Caller = { token: 't-service', channel: 'DEMO', merchantOfRecord: 'service' }
export const CHANNEL: Caller = { token: 't-channel', channel: 'CHAN', merchantOfRecord: 'channel' }
export const GOOD_CARD = { number: '4242424242424242', cvc: '123', expiration: '12/30' }
export const DECLINED_CARD = { number: '4000000000000002', cvc: '123', expiration: '12/30' }

export function newStore(listings = 300, seed = 1): SandboxStore {
  return createSandboxStore({ listings, seed, today: TODAY, callers: [SERVICE, CHANNEL] })
}

export interface Stay {
  listingId: number
  from: string
  to: string
  adults: number
}

/**
 * The first stay the sandbox would sell that matches `want`, found by asking quote() itself,
 * so the tests do not depend on how the generator happened to fill the calendar.
 */
export function findStay(
  store: SandboxStore,
  want: {
    minLead?: number
    maxLead?: number
    onRequest?: boolean
    policy?: string
    skip?: number[]
  } = {}
): Stay {
  const minLead = want.minLead ?? 5
  const maxLead = want.maxLead ?? minLead + 60
  for (const id of store.listingIds()) {
    if (want.skip?.includes(id)) continue
    const l = store.listing(id) as Listing
    if (l.active === false || (l.bookingType === 'onRequest') !== (want.onRequest ?? false))
      continue
    if (want.policy && l.cancellationPolicy?.name !== want.policy) continue
    const days = store.availability(id)!.availability
    for (let lead = minLead; lead <= maxLead; lead++) {
      const from = addDays(TODAY, lead)
      const day = days[from]
      if (!day?.available || !day.checkInDay) continue
      for (let n = Math.max(1, day.minStay); n <= day.minStay + 7; n++) {
        const stay = { listingId: id, from, to: addDays(from, n), adults: 1 }
        if (!('available' in store.quote(stay))) return stay
      }
    }
  }
  throw new Error(`no stay found for ${JSON.stringify(want)}`)
}

export function bookingRequest(
  stay: Stay,
  extra: Partial<BookingRequestWire> = {}
): BookingRequest {
  return BookingRequest.parse({
    ...stay,
    guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', country: 'GB' },
    ...extra
  })
}
