import type { Context } from 'hono'
import {
  BookingRequest,
  CancelRequest,
  CANCELLED_BY,
  ListingReference,
  ListingReferences,
  PayRequest,
  QuoteRequest,
  type BookingDetails
} from '@shared/api'
import type { ApiClient } from '../../src-main/api'
import { keepBooking, keptBooking, type KeptFacts } from '../bookings/kept'
import { HubInputError } from '../errors'
import { sweepLeftSending } from '../journal/store'
import { requireRole, type HubAppOptions, type HubEnv, type HubRoutes } from '../server'
import type { Upstream } from '../upstream'
import { relayFailure } from './read'
import { relayWrite, type WriteSpec } from './relay'
import { bodyOf, confirmationRefusal, upstreamOf } from './request'

/**
 * The service's write endpoints served to desks under `/<env>/v1`, each through the shared
 * journal (writes/relay.ts), and the quote, a read that is a POST: forwarded, never journaled.
 */

const noService = (c: Context<HubEnv>) =>
  c.json({ message: `No such hub endpoint: ${c.req.method} ${c.req.path}` }, 404)

/** Reads the booking again after a write that was done, to keep it as it now stands. */
async function rereadAndKeep(
  deps: Required<HubAppOptions>,
  upstream: Upstream,
  by: number,
  bookingId: string,
  facts: Omit<KeptFacts, 'env' | 'bookingId' | 'by'> & { channel?: string }
): Promise<void> {
  let details: BookingDetails | null = null
  const channel = facts.channel ?? upstream.salesChannel ?? undefined
  if (channel) details = await upstream.client.booking(bookingId, channel).catch(() => null)
  await keepBooking(deps.db, { env: upstream.env, bookingId, by, ...facts, details })
}

/** The booking a cancel or pay names (its id, or an own reference the hub kept): one target. */
async function bookingTarget(
  deps: Required<HubAppOptions>,
  env: string,
  idOrReference: string
): Promise<string> {
  const kept = await keptBooking(deps.db, env, idOrReference)
  return kept?.bookingId ?? idOrReference
}

function positiveId(text: string): number {
  const n = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n <= 0) {
    throw new HubInputError(`listing id "${text}": a positive whole number`)
  }
  return n
}

/**
 * Rows a stopped hub left `sending` become `unknown` before this hub sends anything (and, on a
 * server shared by several hubs, every minute after: another hub may die while this one runs).
 */
function startSweeps(deps: Required<HubAppOptions>): Promise<void> {
  const sweep = () =>
    sweepLeftSending(deps.db, deps.kind).then((n) => {
      if (n > 0) deps.log.warn({ writes: n }, 'writes left sending by a stopped hub are unknown')
    })
  if (deps.kind === 'postgres') {
    setInterval(() => {
      sweep().catch((err: unknown) => deps.log.debug({ err: String(err) }, 'sweep failed'))
    }, SWEEP_EVERY_MS).unref()
  }
  return sweep().catch((err: unknown) =>
    deps.log.error({ err }, 'writes left sending could not be swept at start')
  )
}

const SWEEP_EVERY_MS = 60_000

export const registerWriteRoutes: HubRoutes = (app, deps) => {
  const swept = startSweeps(deps)
  const write = async <T>(c: Context<HubEnv>, upstream: Upstream, spec: WriteSpec<T>) => {
    await swept
    return relayWrite(c, deps, upstream, spec)
  }
  app.post('/:env/v1/booking', requireRole('bookings:create'), async (c) => {
    const upstream = upstreamOf(c)
    if (!upstream) return noService(c)
    const req = await bodyOf(c, BookingRequest)
    const refused = confirmationRefusal(c, upstream, String(req.listingId), 'the listing id')
    if (refused) return refused
    const by = c.get('identity').userId
    return write(c, upstream, {
      action: 'create',
      // Without an own reference nothing names the intent: each create is its own target.
      target: req.ownReference ? `own:${req.ownReference}` : `create:${crypto.randomUUID()}`,
      listingId: req.listingId,
      ownReference: req.ownReference ?? null,
      request: req,
      send: (client: ApiClient) => client.createBooking(req),
      bookingIdOf: (answer) => answer.bookingId,
      afterDone: (answer) =>
        rereadAndKeep(deps, upstream, by, answer.bookingId, {
          channel: req.salesChannel,
          ownReference: req.ownReference ?? null,
          listingId: req.listingId,
          checkIn: req.from,
          checkOut: req.to,
          status: answer.status,
          guestName: `${req.guest.firstName} ${req.guest.lastName}`,
          guestEmail: req.guest.email
        })
    })
  })

  app.post('/:env/v1/booking/:id/pay', requireRole('bookings:pay'), async (c) => {
    const upstream = upstreamOf(c)
    if (!upstream) return noService(c)
    const id = c.req.param('id').trim()
    const req = await bodyOf(c, PayRequest)
    const refused = confirmationRefusal(c, upstream, id, 'the booking id')
    if (refused) return refused
    const by = c.get('identity').userId
    const bookingId = await bookingTarget(deps, upstream.env, id)
    return write(c, upstream, {
      action: 'pay',
      target: `booking:${bookingId}`,
      bookingId,
      request: req,
      send: (client) => client.pay(id, req),
      afterDone: (answer) =>
        rereadAndKeep(deps, upstream, by, answer.bookingId, { status: answer.status })
    })
  })

  app.post('/:env/v1/booking/:by/cancel', requireRole('bookings:cancel'), async (c) => {
    const upstream = upstreamOf(c)
    if (!upstream) return noService(c)
    const party = c.req.param('by')
    if (!(CANCELLED_BY as readonly string[]).includes(party)) {
      throw new HubInputError(`cancelledBy "${party}": guest or pm`)
    }
    const req = await bodyOf(c, CancelRequest)
    const refused = confirmationRefusal(c, upstream, req.bookingId, 'the booking id')
    if (refused) return refused
    const by = c.get('identity').userId
    const bookingId = await bookingTarget(deps, upstream.env, req.bookingId)
    return write(c, upstream, {
      action: 'cancel',
      target: `booking:${bookingId}`,
      bookingId,
      // Who asked is in the path, not the body: the journal keeps it with what was sent, as a
      // desk's own journal does, so the booking page can say who the cancellation was for.
      request: { cancelledBy: party, ...req },
      send: (client) => client.cancel(party as (typeof CANCELLED_BY)[number], req),
      afterDone: (answer) =>
        rereadAndKeep(deps, upstream, by, answer.id, {
          channel: req.salesChannel,
          status: answer.status
        })
    })
  })

  app.patch('/:env/v1/listing/references', requireRole('references:set'), async (c) => {
    const upstream = upstreamOf(c)
    if (!upstream) return noService(c)
    const req = await bodyOf(c, ListingReferences)
    const count = String(req.references.length)
    const refused = confirmationRefusal(c, upstream, count, 'the number of changes')
    if (refused) return refused
    return write(c, upstream, {
      action: 'references',
      // A whole set of listings at once: one set on its way at a time per environment.
      target: 'listings:references',
      listingId: req.references.length === 1 ? req.references[0].listingId : null,
      request: req,
      send: (client) => client.setReferences(req)
    })
  })

  app.patch('/:env/v1/listing/:id/reference', requireRole('references:set'), async (c) => {
    const upstream = upstreamOf(c)
    if (!upstream) return noService(c)
    const listingId = positiveId(c.req.param('id'))
    const req = await bodyOf(c, ListingReference)
    const refused = confirmationRefusal(c, upstream, String(listingId), 'the listing id')
    if (refused) return refused
    return write(c, upstream, {
      action: 'reference',
      target: `listing:${listingId}`,
      listingId,
      request: req,
      send: (client) => client.setReference(listingId, req)
    })
  })

  app.post('/:env/v1/quote', requireRole('quotes:ask'), async (c) => {
    const upstream = upstreamOf(c)
    if (!upstream) return noService(c)
    const req = await bodyOf(c, QuoteRequest)
    try {
      return c.json(await upstream.client.quote(req))
    } catch (err) {
      return relayFailure(c, err, upstream.env)
    }
  })
}
