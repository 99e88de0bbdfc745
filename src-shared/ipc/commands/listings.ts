import { z } from 'zod'
import { Listing } from '../../api/listing.schema'
import { ListingFacets, ListingRefreshed, ListingRow, ListingSearchInput } from '../listings.schema'
import { SavedFile } from '../saved-file.schema'
import { ListingExportInput, ListingImage, ListingPage } from '../listings.schema'
import { none, type ContractSlice } from './common'

export const listingCommands = {
  'listings:search': {
    input: ListingSearchInput,
    output: z.object({ total: z.number().int(), items: z.array(ListingRow) })
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
  },
  /** Everything the service publishes about a listing, for its full page. */
  'listings:page': {
    input: z.object({ id: z.number().int().positive() }).strict(),
    output: ListingPage.nullable()
  },
  /**
   * One of the listing's images, fetched by main from the service and kept for offline viewing
   * (the window loads nothing from the network); null when it can't be had at all.
   */
  'listings:image': {
    input: z
      .object({ id: z.number().int().positive(), index: z.number().int().min(0).max(200) })
      .strict(),
    output: ListingImage.nullable()
  },
  /** The filtered portfolio as a CSV file the person chooses. */
  'listings:export': { input: ListingExportInput, output: SavedFile }
} as const satisfies ContractSlice<'listings'>
