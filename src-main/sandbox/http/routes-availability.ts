import { daysBetween, isIsoDate } from '@shared/domain/dates'
import type { Route } from './context'
import { badRequest } from './errors'
import { pagedRoutes } from './paging'
import { knownListingId } from './params'
import { json } from './respond'
import { withOrigin } from './serialize'

/** Availability: full and delta pages, one listing's calendar, and period availability. */
export const availabilityRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/availability/listing/:listingId',
    handler: (r) => {
      const id = knownListingId(r.ctx.store, r.params.listingId)
      const record = r.ctx.store.availability(id)
      return json({ list: record ? [record] : [] })
    }
  },
  {
    method: 'GET',
    path: '/v1/availability/listings/:from/:to',
    handler: (r) => {
      const { from, to } = r.params
      if (!isIsoDate(from)) throw badRequest('from: must be a date YYYY-MM-DD')
      if (!isIsoDate(to)) throw badRequest('to: must be a date YYYY-MM-DD')
      if (daysBetween(from, to) < 1) throw badRequest('to: must be after from')
      const listings = r.ctx.store.availableInPeriod(from, to)
      return json(listings.map((listing) => withOrigin(listing, r.ctx.origin)))
    }
  },
  ...pagedRoutes('availability')
]
