import {
  BookingRequest,
  CANCELLED_BY,
  PayRequest,
  QuoteRequest,
  type CancelledBy
} from '@shared/api'
import { CancelRequest } from '@shared/api'
import { readJson } from './body'
import { callerOf, type Route } from './context'
import { badRequest } from './errors'
import { requireListing } from './params'
import { json } from './respond'
import { longStayQuote, refuseLongStay } from './stay-length'
import { absolute } from './serialize'

/**
 * Quote and the booking lifecycle. The state machine lives in the store; this module only
 * validates bodies with the shared schemas and makes the store's relative URLs absolute.
 */
export const bookingRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/quote',
    handler: async (r) => {
      const body = await readJson(r.req, QuoteRequest)
      requireListing(r.ctx.store, body.listingId)
      return json(longStayQuote(body) ?? r.ctx.store.quote(body))
    }
  },
  {
    method: 'POST',
    path: '/v1/booking',
    handler: async (r) => {
      const body = await readJson(r.req, BookingRequest)
      requireListing(r.ctx.store, body.listingId)
      refuseLongStay(body)
      const created = r.ctx.store.createBooking(callerOf(r), body)
      const { origin } = r.ctx
      return json({
        ...created,
        paymentUrl: absolute(created.paymentUrl, origin),
        ...('confirmationUrl' in created && {
          confirmationUrl: absolute(created.confirmationUrl, origin)
        })
      })
    }
  },
  {
    method: 'POST',
    path: '/v1/booking/:cancelledBy/cancel',
    handler: async (r) => {
      const by = r.params.cancelledBy
      if (!isCancelledBy(by)) throw badRequest('cancelledBy: must be guest or pm')
      const body = await readJson(r.req, CancelRequest)
      return json(r.ctx.store.cancel(callerOf(r), by, body))
    }
  },
  {
    method: 'POST',
    path: '/v1/booking/:bookingId/pay',
    handler: async (r) => {
      const body = await readJson(r.req, PayRequest)
      return json(r.ctx.store.pay(callerOf(r), r.params.bookingId, body))
    }
  },
  {
    method: 'GET',
    path: '/v1/booking/:bookingId/:salesChannel',
    handler: (r) => json(r.ctx.store.readBooking(r.params.bookingId, r.params.salesChannel))
  }
]

function isCancelledBy(value: string): value is CancelledBy {
  return (CANCELLED_BY as readonly string[]).includes(value)
}
