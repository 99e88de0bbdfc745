import { ListingReference, ListingReferences } from '@shared/api'
import { readJson } from './body'
import { callerOf, type Route } from './context'
import { pagedRoutes } from './paging'
import { knownListingId, parseListingId, requireListing } from './params'
import { json } from './respond'
import { withOrigin } from './serialize'

/** Listings: full and delta pages, one listing, and the consumer's listing references. */
export const listingRoutes: Route[] = [
  ...pagedRoutes('listings'),
  {
    method: 'PATCH',
    path: '/v1/listing/references',
    handler: async (r) => {
      const body = await readJson(r.req, ListingReferences)
      r.ctx.store.setReferences(callerOf(r), body)
      return json({ updated: body.references.length })
    }
  },
  {
    method: 'GET',
    path: '/v1/listing/:listingId',
    handler: (r) => {
      const listing = requireListing(r.ctx.store, parseListingId(r.params.listingId))
      // The spec answers one listing as an array of one.
      return json([withOrigin(listing, r.ctx.origin)])
    }
  },
  {
    method: 'PATCH',
    path: '/v1/listing/:listingId/reference',
    handler: async (r) => {
      const id = knownListingId(r.ctx.store, r.params.listingId)
      const body = await readJson(r.req, ListingReference)
      r.ctx.store.setReference(callerOf(r), id, body)
      return json({ updated: 1 })
    }
  }
]
