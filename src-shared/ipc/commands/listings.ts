import { z } from 'zod'
import { Listing } from '../../api/listing.schema'
import {
  ListingFacets,
  ListingRefreshed,
  ListingSearchInput,
  ListingSummary
} from '../views.schema'
import { none, type ContractSlice } from './common'

export const listingCommands = {
  'listings:search': {
    input: ListingSearchInput,
    output: z.object({ total: z.number().int(), items: z.array(ListingSummary) })
  },
  'listings:get': {
    input: z.object({ id: z.number().int().positive() }).strict(),
    output: Listing.nullable()
  },
  'listings:facets': { input: none, output: ListingFacets },
  /**
   * Reads one listing, its availability and its rates from the service by id and commits them
   * to the offline copy (with history), as a sync would for that listing alone.
   */
  'listings:refresh': {
    input: z.object({ id: z.number().int().positive() }).strict(),
    output: ListingRefreshed
  }
} as const satisfies ContractSlice<'listings'>
