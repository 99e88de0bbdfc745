import type { Listing } from '@shared/api/listing.schema'
import type { ListingFacets, ListingSort, ListingSummary } from '@shared/ipc/listings.schema'
import type { ListingFilter } from '../queries/listing-index'
import {
  listingFacets,
  searchListings,
  type ListingSearch,
  type ListingSearchResult
} from '../queries/search'
import type { MirrorParts } from './parts'

/** The listings of the offline copy: the listings table's pages, filters and records. */
export interface MirrorListings {
  /** A page of the filtered, sorted listings, with the total the filter keeps. */
  search(q: ListingSearch): ListingSearchResult
  /** Every listing the filter keeps, in the sort's order (in memory: listing-index.ts). */
  filter(q: ListingFilter, sort?: ListingSort): ListingSummary[]
  summary(id: number): ListingSummary | undefined
  /** Each listing's summary at its id's place, undefined where the copy has none. */
  summaries(ids: readonly number[]): (ListingSummary | undefined)[]
  /** The portfolio's countries, regions and cities with their listing counts. */
  facets(): ListingFacets
  /** The listing exactly as the service sent it. */
  get(id: number): Listing | undefined
}

export function mirrorListings(p: MirrorParts): MirrorListings {
  return {
    search: (q) => searchListings(p.index, q),
    filter: (q, sort) => p.index.filter(q, sort),
    summary: (id) => p.index.get(id),
    summaries: (ids) => p.index.getMany(ids),
    facets: () => listingFacets(p.sqlite),
    get: (id) => p.listings.get(id)
  }
}
