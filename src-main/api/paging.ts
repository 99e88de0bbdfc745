import { ApiError, DEFAULT_MESSAGES } from './errors'
import type { HttpResponse } from './http'
import { parseRecord } from './json-items'
import { resolveNext } from './link'

export interface RawPage {
  /**
   * Each record's JSON as the bytes the service sent, to parse, check and store one record at
   * a time (parseRecord; see json-items.ts for why). A consumer may empty it as it goes.
   */
  raw: Buffer[]
  /** Every record parsed at once, on first read: for callers that want the whole page. */
  readonly items: unknown[]
  url: string
  next: string | null
  /** Epoch ms from the Date header, else Date.now(). */
  serverTime: number
  totalCount?: number
}

/** A page from its records' bytes; `items` parses them all when first read. */
export function rawPage(page: Omit<RawPage, 'items'>): RawPage {
  let items: unknown[] | undefined
  return {
    ...page,
    get items() {
      return (items ??= page.raw.map(parseRecord))
    }
  }
}

/**
 * Follows Link rel="next" from `startUrl`. Only the envelope is checked (a JSON array); the
 * records are left raw so the sync engine can keep the good ones and quarantine the bad.
 * A page is yielded only once its next link is known to be usable, so a caller that stores
 * `next` as its resume point never stores a link that would leak the token or loop.
 */
export async function* walkPages(
  startUrl: string,
  origin: string,
  get: (url: string, signal?: AbortSignal) => Promise<HttpResponse>,
  signal?: AbortSignal
): AsyncGenerator<RawPage> {
  const seen = new Set<string>()
  let url: string | null = startUrl
  while (url !== null) {
    seen.add(url)
    const res = await get(url, signal)
    if (!res.items) {
      throw new ApiError(
        'bad-response',
        `${DEFAULT_MESSAGES['bad-response']} A page of records was not a list.`,
        { status: res.status }
      )
    }
    const link = resolveNext(res.header('link'), url, origin)
    if ('refused' in link) {
      throw new ApiError(
        'bad-response',
        link.refused === 'cross-origin'
          ? 'The service pointed the next page to another address. StayDesk did not follow it, ' +
              'to keep the access token safe.'
          : `${DEFAULT_MESSAGES['bad-response']} The link to the next page was not valid.`,
        { status: res.status }
      )
    }
    if (link.next !== null && seen.has(link.next)) {
      // Stopping quietly would look like a finished walk and could end a full sync early.
      throw new ApiError(
        'bad-response',
        'The service sent a page link that had already been read, so paging was stopped.',
        { status: res.status }
      )
    }
    const total = Number(res.header('x-total-count'))
    yield rawPage({
      raw: res.items,
      url,
      next: link.next,
      serverTime: res.serverTime,
      ...(res.header('x-total-count') !== undefined &&
        Number.isFinite(total) && { totalCount: total })
    })
    url = link.next
  }
}
