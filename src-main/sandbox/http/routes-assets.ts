import type { Route } from './context'
import { notFound } from './errors'
import { listingImageSvg } from './images'
import { parseListingId, requireListing } from './params'
import type { Reply } from './respond'

/** Highest photo number served; listings reference a handful of photos each. */
const MAX_IMAGE = 50

/**
 * Routes without Authorization, as on the real service: images come from a CDN and the
 * payment page is opened by the guest in a browser.
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
    handler: (r) => payPage(r.params.bookingId)
  }
]

function payPage(bookingId: string): Reply {
  const id = escapeHtml(bookingId)
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox payment ${id}</title></head>
<body>
<h1>Sandbox payment page</h1>
<p>Booking <code>${id}</code>. The sandbox takes no payments in a browser.</p>
<p>Pay with <code>POST /v1/booking/${id}/pay</code> and a test card:
<code>4242 4242 4242 4242</code> is accepted, <code>4000 0000 0000 0002</code> is declined
(any future expiry <code>MM/YY</code>, any 3-digit CVC).</p>
</body></html>
`
  return { status: 200, contentType: 'text/html; charset=utf-8', body: Buffer.from(html, 'utf8') }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
