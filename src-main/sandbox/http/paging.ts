import type { Resource } from '../types'
import type { Route, RouteRequest, SandboxContext } from './context'
import { badRequest } from './errors'
import type { CachedPage } from './page-cache'
import { acceptsGzip, gzipAsync, GZIP_OPTIONS, jsonText, type Reply } from './respond'
import { pageBody } from './serialize'

/** The spec's page size for listings and rates; availability uses it too (the spec is silent). */
const PAGE_SIZE = 200

/** Page numbers beyond this are refused as input errors rather than scanned. */
const MAX_PAGE = 1_000_000

function parsePage(text: string | undefined): number {
  if (text === undefined) return 0
  if (!/^\d{1,7}$/.test(text) || Number(text) > MAX_PAGE) {
    throw badRequest('pageNumber: must be a whole number from 0')
  }
  return Number(text)
}

function parseTimestamp(text: string): number {
  if (!/^\d{1,12}$/.test(text)) throw badRequest('timestamp: must be a Unix timestamp in seconds')
  return Number(text)
}

/**
 * GET /v1/<resource>[/{page}] and /v1/<resource>/delta/{timestamp}[/{page}]. Every page carries
 * X-Total-Count (all listings, or all changed ones for a delta) and, while more pages exist,
 * an absolute `Link: <...>; rel="next"`.
 */
export function pagedRoutes(resource: Resource): Route[] {
  const full = (r: RouteRequest): Reply => {
    const { store, origin } = r.ctx
    const page = parsePage(r.params.page)
    const all = store.listingIds()
    const cached = cachedPage(r.ctx, resource, page)
    const more = (page + 1) * PAGE_SIZE < all.length
    const next = more ? `${origin}/v1/${resource}/${page + 1}` : null
    const reply = jsonText(cached, pageHeaders(all.length, next))
    if (!more) return reply
    // Read-ahead: a client walking the Link chain parses this page while the next one is
    // serialized here, so a sequential full sync meets warm pages (cold: ≈100 ms a page).
    const gzip = acceptsGzip(r.req)
    const readAhead = (): void => {
      const upcoming = cachedPage(r.ctx, resource, page + 1)
      void (gzip ? upcoming.gzipped() : upcoming.raw()).catch(() => undefined)
    }
    return { ...reply, afterSend: readAhead }
  }
  const delta = (r: RouteRequest): Reply => {
    const { store, origin, serialize } = r.ctx
    const since = parseTimestamp(r.params.timestamp)
    const page = parsePage(r.params.page)
    const changed = store.changedSince(resource, since)
    const ids = changed.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)
    const more = (page + 1) * PAGE_SIZE < changed.length
    const next = more ? `${origin}/v1/${resource}/delta/${since}/${page + 1}` : null
    return jsonText(pageBody(ids, serialize[resource]), pageHeaders(changed.length, next))
  }
  const base = `/v1/${resource}`
  return [
    { method: 'GET', path: `${base}/delta`, handler: missingTimestamp },
    { method: 'GET', path: `${base}/delta/:timestamp`, handler: delta },
    { method: 'GET', path: `${base}/delta/:timestamp/:page`, handler: delta },
    { method: 'GET', path: base, handler: full },
    { method: 'GET', path: `${base}/:page`, handler: full }
  ]
}

function cachedPage(ctx: SandboxContext, resource: Resource, page: number): CachedPage {
  const { store, pages, serialize } = ctx
  const ids = store.listingIds().slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)
  // A page past the end is an empty array, made fresh: nothing to cache for it.
  if (ids.length === 0) {
    const empty = Buffer.from('[]')
    return { raw: async () => empty, gzipped: () => gzipAsync(empty, GZIP_OPTIONS) }
  }
  const versions = ids.map((id) => store.version(resource, id))
  return pages.get(`${resource}/${page}`, ids, versions, () => pageBody(ids, serialize[resource]))
}

function missingTimestamp(): never {
  throw badRequest('timestamp: is required')
}

function pageHeaders(total: number, next: string | null): Record<string, string> {
  const headers: Record<string, string> = { 'X-Total-Count': String(total) }
  if (next) headers['Link'] = `<${next}>; rel="next"`
  return headers
}
