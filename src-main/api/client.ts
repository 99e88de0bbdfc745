import type { z } from 'zod'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import {
  AvailabilityByListing,
  BookingCreated,
  BookingDetails,
  BookingRequest,
  CancellationResult,
  CancelRequest,
  isoDate,
  Listing,
  ListingPage,
  ListingReference,
  ListingReferences,
  PayRequest,
  PayResult,
  QuoteRequest,
  QuoteResult,
  RatePage,
  type AvailabilityRecord,
  type RateRecord
} from '@shared/api'
import { HUB_CONFIRM_HEADER } from '@shared/hub/journal'
import { checkBaseUrl, checkToken } from './base-url'
import { paths, type CancelledByParty } from './endpoints'
import {
  ApiError,
  asHubOutage,
  asHubRoleRefusal,
  DEFAULT_MESSAGES,
  OUTCOME_UNKNOWN_MESSAGE,
  SUCCEEDED_UNVERIFIED_MESSAGE,
  type Reconcile
} from './errors'
import {
  createTransport,
  DEFAULT_TIMEOUTS,
  type HttpResponse,
  type LogFn,
  type Transport,
  type WriteInfo
} from './http'
import type { Network } from '../net'
import { walkPages, type RawPage } from './paging'
import { hubSnapshots, readHubSnapshot } from './hub-snapshot'
import type { Snapshot } from './snapshot'
import { retryPolicy, withRetry, type RetryOptions } from './retry'
import {
  checkBookingId,
  checkId,
  checkRequest,
  checkResumeUrl,
  checkSince,
  definedOnly,
  first,
  issueSummary,
  parseOrThrow,
  shapeError
} from './validate'

export type { RawPage } from './paging'
export type { Snapshot } from './snapshot'

export interface ApiClientOptions {
  baseUrl: string
  token: string
  salesChannel?: string
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number }
  retry?: RetryOptions
  /** Debug lines (method, path, status, timing); already scrubbed of the token and card data. */
  log?: LogFn
  /**
   * How requests leave this computer (src-main/net): the app's is Electron's proxy resolver;
   * without one, the proxy variables of this process's environment (HTTPS_PROXY, NO_PROXY).
   */
  network?: Network
  /**
   * `hub`: the base URL is a team hub's environment prefix, so a request that finds nobody says
   * that the team hub can't be reached (asHubOutage).
   */
  via?: 'service' | 'hub'
  /**
   * The team hub this base URL belongs to (its address and environment, from the profile): the
   * client may then read the hub's snapshots (`snapshot`). The base URL stays `<hub>/<env>`.
   */
  hub?: { url: string; env: string }
}

/** What a write may carry besides its body. */
export interface WriteOptions {
  /**
   * The production confirmation the agent typed, sent as a team hub's X-StayDesk-Confirm header
   * (src-shared/hub/journal.ts): a hub refuses a production write without it (428).
   */
  confirmation?: string
}

export interface ApiClient {
  /** Pages of raw records; the envelope is checked to be a JSON array, records are not parsed. */
  pages(
    resource: SyncResourceName,
    opts?: { since?: number; startUrl?: string; signal?: AbortSignal }
  ): AsyncIterable<RawPage>
  /**
   * A team hub's snapshot of the resource (snapshot.ts): undefined without a hub, or from a hub
   * that has none (404: an older hub), where the caller walks the pages instead. Optional, so
   * that wrappers of a client (the command line's) need not know it: they walk the pages.
   */
  snapshot?(resource: SyncResourceName, signal?: AbortSignal): Promise<Snapshot | undefined>
  totalListings(signal?: AbortSignal): Promise<number>
  listing(id: number, signal?: AbortSignal): Promise<Listing | undefined>
  availability(id: number, signal?: AbortSignal): Promise<AvailabilityRecord | undefined>
  rates(id: number, signal?: AbortSignal): Promise<RateRecord | undefined>
  availableInPeriod(from: string, to: string, signal?: AbortSignal): Promise<Listing[]>
  quote(req: QuoteRequest, signal?: AbortSignal): Promise<QuoteResult>
  createBooking(
    req: BookingRequest,
    signal?: AbortSignal,
    write?: WriteOptions
  ): Promise<BookingCreated>
  pay(
    bookingId: string,
    req: PayRequest,
    signal?: AbortSignal,
    write?: WriteOptions
  ): Promise<PayResult>
  cancel(
    by: CancelledByParty,
    req: CancelRequest,
    signal?: AbortSignal,
    write?: WriteOptions
  ): Promise<CancellationResult>
  booking(bookingId: string, channel?: string, signal?: AbortSignal): Promise<BookingDetails>
  setReference(
    listingId: number,
    ref: ListingReference,
    signal?: AbortSignal,
    write?: WriteOptions
  ): Promise<void>
  setReferences(refs: ListingReferences, signal?: AbortSignal, write?: WriteOptions): Promise<void>
  close(): Promise<void>
}

function bookingWrite(reconcile: Reconcile): WriteInfo {
  return {
    reconcile,
    unknownMessage: OUTCOME_UNKNOWN_MESSAGE,
    unverifiedMessage: SUCCEEDED_UNVERIFIED_MESSAGE
  }
}

const REFERENCE_WRITE: WriteInfo = {
  unknownMessage:
    'The outcome is unknown: the connection was lost after the request was sent. ' +
    'Check the listing reference before trying again.',
  unverifiedMessage: 'The service accepted the listing reference, but its answer could not be read.'
}

/** A header value is one line of visible characters; checked before anything is sent. */
function writeHeaders(write: WriteOptions | undefined): Record<string, string> | undefined {
  if (write?.confirmation === undefined) return undefined
  const value = write.confirmation.trim()
  if (!/^[\x20-\x7e]{1,200}$/.test(value)) {
    throw new ApiError(
      'bad-input',
      'The typed confirmation must be one line of plain characters (the id or number asked for).',
      { field: 'confirmation' }
    )
  }
  return { [HUB_CONFIRM_HEADER]: value }
}

/** A transport whose failures to find a team hub say so (asHubOutage). */
export function throughHub(transport: Transport, hub: boolean): Transport {
  if (!hub) return transport
  return {
    ...transport,
    send: (request) =>
      transport.send(request).catch((err: unknown) => {
        throw err instanceof ApiError ? asHubRoleRefusal(asHubOutage(err)) : err
      })
  }
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const { origin, root } = checkBaseUrl(opts.baseUrl)
  checkToken(opts.token)
  const timeouts = { ...DEFAULT_TIMEOUTS, ...definedOnly(opts.timeouts ?? {}) }
  const policy = retryPolicy(opts.retry)
  const transport = throughHub(
    createTransport(origin, opts.token, timeouts, opts.log, opts.network),
    opts.via === 'hub'
  )
  const url = (path: string): string => `${root}${path}`
  const hub = opts.hub && hubSnapshots(opts.hub, origin)

  /** Reads are idempotent, so they alone get retries. */
  const get = (
    target: string,
    signal?: AbortSignal,
    listItems?: boolean,
    stream?: boolean
  ): Promise<HttpResponse> =>
    withRetry(
      policy,
      () =>
        transport.send({
          method: 'GET',
          url: target,
          signal,
          ...(listItems && { listItems }),
          ...(stream && { stream })
        }),
      signal,
      (n, delay, err) => opts.log?.(`GET retry ${n} in ${delay}ms after ${err.code}`)
    )

  /** Reads that answer 404 for an unknown id give undefined rather than an error. */
  const getOptional = async (path: string, signal?: AbortSignal): Promise<unknown> => {
    try {
      return (await get(url(path), signal)).body
    } catch (err) {
      if (err instanceof ApiError && err.code === 'not-found') return undefined
      throw err
    }
  }

  /** Writes go out exactly once; see WriteInfo for how a lost answer is reported. */
  const send = async <S extends z.ZodType>(
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    schema: S | null,
    write: WriteInfo | undefined,
    signal?: AbortSignal,
    options?: WriteOptions
  ): Promise<z.infer<S>> => {
    const res = await transport.send({
      method,
      url: url(path),
      body,
      signal,
      write,
      anyBody: !schema,
      headers: writeHeaders(options)
    })
    if (!schema) return undefined as z.infer<S>
    const parsed = schema.safeParse(res.body)
    if (parsed.success) return parsed.data
    if (write) {
      throw new ApiError('bad-response', write.unverifiedMessage, {
        status: res.status,
        succeededUnverified: true,
        reconcile: write.reconcile,
        detail: issueSummary(parsed.error)
      })
    }
    throw shapeError(parsed.error, res.status)
  }

  const channelOf = (channel?: string): string => {
    const c = channel ?? opts.salesChannel
    if (!c) {
      throw new ApiError(
        'bad-input',
        'No sales channel is set for this profile, so bookings cannot be read.'
      )
    }
    return c
  }

  const client: ApiClient = {
    async *pages(resource, pageOpts = {}) {
      // Argument errors surface while iterating, where callers already handle paging errors.
      let start: string
      if (pageOpts.startUrl !== undefined) {
        start = checkResumeUrl(pageOpts.startUrl, origin)
      } else if (pageOpts.since !== undefined) {
        start = url(paths.delta(resource, checkSince(pageOpts.since)))
      } else {
        start = url(paths.firstPage(resource))
      }
      yield* walkPages(start, origin, (u, signal) => get(u, signal, true), pageOpts.signal)
    },

    async snapshot(resource, signal) {
      if (!hub) return undefined
      return readHubSnapshot(hub(resource), (target) => get(target, signal, false, true))
    },

    async totalListings(signal) {
      const res = await get(url(paths.listingsTotal()), signal)
      const header = res.header('x-total-count')
      if (header !== undefined && /^\d+$/.test(header.trim())) return Number(header)
      // Without the header, a single page with no next link is the whole set.
      if (Array.isArray(res.body) && !res.header('link')) return res.body.length
      throw new ApiError(
        'bad-response',
        `${DEFAULT_MESSAGES['bad-response']} The number of listings was missing.`,
        { status: res.status }
      )
    },

    async listing(id, signal) {
      const body = await getOptional(paths.listing(checkId(id)), signal)
      if (body === undefined) return undefined
      return first(parseOrThrow(ListingPage, body))
    },

    async availability(id, signal) {
      const body = await getOptional(paths.availabilityOf(checkId(id)), signal)
      if (body === undefined) return undefined
      return first(parseOrThrow(AvailabilityByListing, body).list)
    },

    async rates(id, signal) {
      const body = await getOptional(paths.ratesOf(checkId(id)), signal)
      if (body === undefined) return undefined
      return first(parseOrThrow(RatePage, body))
    },

    async availableInPeriod(from, to, signal) {
      if (!isoDate.safeParse(from).success || !isoDate.safeParse(to).success) {
        throw new ApiError('bad-input', 'The period must be two dates written YYYY-MM-DD.')
      }
      const res = await get(url(paths.availableInPeriod(from, to)), signal)
      return parseOrThrow(ListingPage, res.body)
    },

    async quote(req, signal) {
      // A quote changes nothing, but it is a POST: policy keeps all POSTs single-shot.
      const body = checkRequest(QuoteRequest, req)
      return send('POST', paths.quote(), body, QuoteResult, undefined, signal)
    },

    async createBooking(req, signal, options) {
      const body = checkRequest(BookingRequest, req)
      const reconcile = body.ownReference ? { ownReference: body.ownReference } : {}
      const write = bookingWrite(reconcile)
      return send('POST', paths.booking(), body, BookingCreated, write, signal, options)
    },

    async pay(bookingId, req, signal, options) {
      const id = checkBookingId(bookingId)
      const body = checkRequest(PayRequest, req)
      const write = bookingWrite({ bookingId: id })
      return send('POST', paths.pay(id), body, PayResult, write, signal, options)
    },

    async cancel(by, req, signal, options) {
      if (by !== 'guest' && by !== 'pm') {
        throw new ApiError(
          'bad-input',
          'A cancellation is made either for the guest or for the manager.'
        )
      }
      // One POST, and the service's answer as it is: a refusal ("booking state is not valid for
      // this request") stays a refusal, also for a booking already cancelled. Whoever shows it
      // reads the booking again to say where it stands; the client never guesses.
      const body = checkRequest(CancelRequest, req)
      const write = bookingWrite({ bookingId: body.bookingId })
      return send('POST', paths.cancel(by), body, CancellationResult, write, signal, options)
    },

    async booking(bookingId, channel, signal) {
      const id = checkBookingId(bookingId)
      try {
        const res = await get(url(paths.bookingDetails(id, channelOf(channel))), signal)
        return parseOrThrow(BookingDetails, res.body)
      } catch (err) {
        if (err instanceof ApiError && err.code === 'not-found') {
          throw new ApiError(
            'not-found',
            'The service has no booking with this id for this sales channel.',
            {
              status: err.status,
              serviceMessage: err.serviceMessage
            }
          )
        }
        throw err
      }
    },

    async setReference(listingId, ref, signal, options) {
      const body = checkRequest(ListingReference, ref)
      const path = paths.listingReference(checkId(listingId))
      await send('PATCH', path, body, null, REFERENCE_WRITE, signal, options)
    },

    async setReferences(refs, signal, options) {
      const body = checkRequest(ListingReferences, refs)
      const path = paths.listingReferences()
      await send('PATCH', path, body, null, REFERENCE_WRITE, signal, options)
    },

    close: () => transport.close()
  }
  return client
}
