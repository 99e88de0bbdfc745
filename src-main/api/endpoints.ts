import type { SyncResourceName } from '@shared/ipc/sync.schema'
/**
 * The service's paths, in one place. Every dynamic segment is percent-encoded so that an id
 * typed by an agent can never change which endpoint is called.
 */

export type CancelledByParty = 'guest' | 'pm'

const seg = (value: string | number): string => encodeURIComponent(String(value))

export const paths = {
  /** First page of a full walk; later pages come from the Link header. */
  firstPage: (resource: SyncResourceName): string => `/v1/${resource}`,
  /** First page of a delta walk since a Unix timestamp in seconds. */
  delta: (resource: SyncResourceName, since: number): string =>
    `/v1/${resource}/delta/${seg(Math.floor(since))}`,
  /** The spec says this page carries the total number of listings. */
  listingsTotal: (): string => '/v1/listings/0',
  listing: (id: number): string => `/v1/listing/${seg(id)}`,
  listingReference: (id: number): string => `/v1/listing/${seg(id)}/reference`,
  listingReferences: (): string => '/v1/listing/references',
  availabilityOf: (id: number): string => `/v1/availability/listing/${seg(id)}`,
  availableInPeriod: (from: string, to: string): string =>
    `/v1/availability/listings/${seg(from)}/${seg(to)}`,
  ratesOf: (id: number): string => `/v1/rates/listing/${seg(id)}`,
  quote: (): string => '/v1/quote',
  booking: (): string => '/v1/booking',
  pay: (bookingId: string): string => `/v1/booking/${seg(bookingId)}/pay`,
  cancel: (by: CancelledByParty): string => `/v1/booking/${seg(by)}/cancel`,
  bookingDetails: (bookingId: string, channel: string): string =>
    `/v1/booking/${seg(bookingId)}/${seg(channel)}`
}
