import type { Route } from './context'
import { pagedRoutes } from './paging'
import { knownListingId } from './params'
import { json } from './respond'

/** Rates: full and delta pages and one listing's rates (an array, as the spec shows). */
export const rateRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/rates/listing/:listingId',
    handler: (r) => {
      const id = knownListingId(r.ctx.store, r.params.listingId)
      const record = r.ctx.store.rates(id)
      return json(record ? [record] : [])
    }
  },
  ...pagedRoutes('rates')
]
