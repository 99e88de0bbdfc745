import { queryOptions } from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import { call } from '../../ipc/client'
import { useCommandMutation } from '../../ipc/mutation'
import { liveKey, mirrorKey } from '../../ipc/query-keys'

/** The Quote screen's reads and writes. */

/**
 * The live quote beside the offline estimate. A 'live' key: asked on demand, never shown from
 * a cache once stale (the service's price of a minute ago is not a quote).
 */
export function quoteQuery(input: CommandInput<'quotes:ask'>) {
  return queryOptions({
    queryKey: liveKey('quote', input),
    queryFn: () => call('quotes:ask', input),
    staleTime: 0,
    gcTime: 5 * 60_000
  })
}

/** Refreshes one listing's records from the service into the offline copy. */
export function useRefreshListing() {
  return useCommandMutation('listings:refresh', {
    invalidates: [
      mirrorKey('listings'),
      mirrorKey('rates'),
      mirrorKey('availability'),
      liveKey('quote')
    ]
  })
}

/**
 * The booking write. It carries a card: secret (nothing of the input kept once it settled),
 * sent once per click and never retried (mutations never retry in this app).
 */
export function useCreateBooking() {
  return useCommandMutation('bookings:create', {
    secret: true,
    invalidates: [mirrorKey('bookings'), mirrorKey('availability')]
  })
}

/** Reads a booking by the own reference sent, to settle an unknown outcome without re-sending. */
export function useLookUpBooking() {
  return useCommandMutation('bookings:open', { invalidates: [mirrorKey('bookings')] })
}
