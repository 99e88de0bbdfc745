import { z } from 'zod'
import { Listing } from '../../api/listing.schema'
import { ListingFacets, ListingSearchInput, ListingSummary } from '../views.schema'
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
  'listings:facets': { input: none, output: ListingFacets }
} as const satisfies ContractSlice<'listings'>
