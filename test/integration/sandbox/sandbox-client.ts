import { AvailabilityByListing, ListingPage, type AvailabilityRecord } from '@shared/api'
import { daysBetween } from '@shared/domain/dates'
import {
  startSandbox,
  type SandboxHandle,
  type StartSandboxOptions
} from '../../../src-main/sandbox'

/** Shared set-up of the sandbox conformance tests: a real sandbox and plain HTTP calls. */

export const TODAY = '2026-11-23'
export const TOKEN = 'demo-token'
export const MOR_TOKEN = 'mor-token'
export const CHANNEL = 'DEMO'
export const MOR_CHANNEL = 'DMOR'
/** 450 listings make three pages of 200, 200 and 50. */
export const LISTINGS = 450

export const CARD_OK = { number: '4242 4242 4242 4242', cvc: '123', expiration: '12/30' }
export const CARD_DECLINED = { number: '4000 0000 0000 0002', cvc: '123', expiration: '12/30' }
export const GUEST = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  country: 'GB'
}

export function startTestSandbox(opts: StartSandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({
    listings: LISTINGS,
    seed: 1,
    today: TODAY,
    callers: [
      { token: TOKEN, channel: CHANNEL, merchantOfRecord: 'service' },
      { token: MOR_TOKEN, channel: MOR_CHANNEL, merchantOfRecord: 'channel' }
    ],
    log: () => undefined,
    ...opts
  })
}

export interface Answer {
  status: number
  headers: Headers
  text: string
  body: unknown
}

export async function call(
  sandbox: { url: string },
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {}
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers }
  const token = options.token === undefined ? TOKEN : options.token
  if (token !== null) headers.authorization = `Bearer ${token}`
  let body: string | undefined
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json'
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
  }
  const res = await fetch(sandbox.url + path, { method, headers, body })
  const text = await res.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  return { status: res.status, headers: res.headers, text, body: parsed }
}

export const get = (s: { url: string }, path: string, token?: string | null) =>
  call(s, 'GET', path, { token })

export const post = (s: { url: string }, path: string, body: unknown, token?: string | null) =>
  call(s, 'POST', path, { body, token })

/** Follows Link rel="next" from `path` until none; returns every page body. */
export async function walk(s: { url: string }, path: string): Promise<unknown[][]> {
  const pages: unknown[][] = []
  let next: string | null = s.url + path
  while (next) {
    const answer = await get(s, next.slice(s.url.length))
    if (answer.status !== 200) throw new Error(`${next}: ${answer.status} ${answer.text}`)
    pages.push(answer.body as unknown[])
    next = nextLink(answer.headers)
  }
  return pages
}

export function nextLink(headers: Headers): string | null {
  const link = headers.get('link')
  if (!link) return null
  const m = /<([^>]+)>;\s*rel="next"/.exec(link)
  return m ? m[1] : null
}

export interface Stay {
  listingId: number
  from: string
  to: string
}

/**
 * A stay the calendar allows: nights free, arrival and departure days allowed and the length
 * within the arrival day's min and max stay. Found over HTTP, as a client would.
 */
export async function findStay(
  s: { url: string },
  want: { bookingType: 'instant' | 'onRequest'; skip?: Set<number> }
): Promise<Stay> {
  const listings = ListingPage.parse((await get(s, '/v1/listings/0')).body)
  for (const listing of listings) {
    if (listing.bookingType !== want.bookingType || listing.active === false) continue
    if (want.skip?.has(listing.id)) continue
    const calendar = AvailabilityByListing.parse(
      (await get(s, `/v1/availability/listing/${listing.id}`)).body
    ).list[0]
    const stay = stayIn(calendar)
    if (stay) return stay
  }
  throw new Error(`no bookable ${want.bookingType} stay in the demo portfolio`)
}

function stayIn(record: AvailabilityRecord): Stay | undefined {
  const dates = Object.keys(record.availability).sort()
  // Start a few weeks out, clear of advance-notice and last-minute rules.
  for (let i = 30; i < dates.length - 30; i++) {
    const arrival = record.availability[dates[i]]
    if (!arrival.available || !arrival.checkInDay) continue
    for (let n = Math.max(1, arrival.minStay); n <= Math.min(arrival.maxStay, 14); n++) {
      const to = dates[i + n]
      const nights = dates.slice(i, i + n)
      if (daysBetween(dates[i], to) !== n) break
      if (!nights.every((d) => record.availability[d].available)) break
      if (record.availability[to].checkOutDay) {
        return { listingId: record.listingId, from: dates[i], to }
      }
    }
  }
  return undefined
}
