import type { Listing } from '@shared/api'
import type { Route } from './context'
import { notFound } from './errors'
import { listingImageSvg } from './images'
import { parseListingId, requireListing } from './params'
import type { Reply } from './respond'

/** Highest photo number served; listings reference a handful of photos each. */
const MAX_IMAGE = 50

/**
 * Routes without Authorization, as on the real service: images come from a CDN; the payment,
 * confirmation and guest pages are opened by the guest in a browser. The URLs in listings and
 * booking answers point here.
 */
export const assetRoutes: Route[] = [
  {
    method: 'GET',
    path: '/images/:listingId/:file',
    public: true,
    handler: (r) => {
      const id = parseListingId(r.params.listingId)
      requireListing(r.ctx.store, id)
      const match = /^([1-9]\d?)\.svg$/.exec(r.params.file)
      if (!match || Number(match[1]) > MAX_IMAGE) throw notFound(`image ${r.params.file} not found`)
      return {
        status: 200,
        contentType: 'image/svg+xml; charset=utf-8',
        body: Buffer.from(listingImageSvg(id, Number(match[1])), 'utf8'),
        headers: { 'Cache-Control': 'public, max-age=86400' }
      }
    }
  },
  {
    method: 'GET',
    path: '/pay/:bookingId',
    public: true,
    handler: (r) => payPage(bookingIdOf(r.params.bookingId))
  },
  {
    method: 'GET',
    path: '/confirmation/:bookingId',
    public: true,
    handler: (r) => confirmationPage(bookingIdOf(r.params.bookingId))
  },
  {
    method: 'GET',
    path: '/guest/:page/:listingId',
    public: true,
    handler: (r) => {
      const listing = requireListing(r.ctx.store, parseListingId(r.params.listingId))
      if (r.params.page !== 'listing' && r.params.page !== 'book') {
        throw notFound(`no route for GET /guest/${r.params.page}`)
      }
      return guestPage(listing, r.params.page)
    }
  }
]

/** Booking ids are `SB` + 8 digits; anything else cannot be a booking. */
function bookingIdOf(text: string): string {
  if (!/^SB\d{8}$/.test(text)) throw notFound('booking not found')
  return text
}

function payPage(id: string): Reply {
  return htmlPage(
    `Sandbox payment ${id}`,
    `<h1>Sandbox payment page</h1>
<p>Booking <code>${id}</code>. The sandbox takes no payments in a browser.</p>
<p>Pay with <code>POST /v1/booking/${id}/pay</code> and a test card:
<code>4242 4242 4242 4242</code> or <code>5555 5555 5555 4444</code> pays; any other valid
number (such as <code>4000 0000 0000 0002</code>) is declined. Expiry <code>MM/YY</code> not
before the current month; CVC of 3 digits (4 for American Express).</p>`
  )
}

function confirmationPage(id: string): Reply {
  return htmlPage(
    `Sandbox booking ${id}`,
    `<h1>Sandbox booking confirmation</h1>
<p>Booking <code>${id}</code>. The booking's status and payments are in
<code>GET /v1/booking/${id}/{salesChannel}</code>.</p>`
  )
}

function guestPage(listing: Listing, page: 'listing' | 'book'): Reply {
  const title = escapeHtml(listing.description?.EN?.headline ?? `Listing ${listing.id}`)
  const what = page === 'book' ? 'booking page' : 'listing page'
  return htmlPage(
    title,
    `<h1>${title}</h1>
<p>The sandbox's guest ${what} for listing <code>${listing.id}</code>. The listing's data is in
<code>GET /v1/listing/${listing.id}</code>.</p>`
  )
}

function htmlPage(title: string, body: string): Reply {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body>
${body}
</body></html>
`
  return { status: 200, contentType: 'text/html; charset=utf-8', body: Buffer.from(html, 'utf8') }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
