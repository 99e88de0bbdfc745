import type { HubBookingWrites, HubBookingsPage } from '@shared/hub/answers'
import { z } from 'zod'
import type { Context } from 'hono'
import { writesOnBooking } from '../journal/query'
import { requireRole, type HubEnv, type HubRoutes } from '../server'
import { isHubEnvironment, type HubEnvironment } from '../upstream'
import { relayFailure } from '../writes/read'
import { upstreamOf } from '../writes/request'
import { HubInputError } from '../errors'
import { findKept, keepInBackground, keptBooking } from './kept'

/**
 * Booking reads: the service's `GET /<env>/v1/booking/{id}/{channel}` forwarded and kept, and
 * the hub's own search of what was kept and list of the writes on one booking, under
 * `/hub/v1/<env>/...`.
 */

/** The environment named in a `/hub/v1/<env>/...` path. */
export function hubEnvOf(c: Context<HubEnv>): HubEnvironment {
  const env = c.req.param('env') ?? ''
  if (!isHubEnvironment(env)) {
    throw new HubInputError(`"${env}" is not an environment of this hub: test or production`)
  }
  return env
}

const SearchQuery = z.object({
  q: z.string().trim().min(1, 'is required: a booking id, own reference, guest name or e-mail'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0)
})

/** A query string checked by a schema: 400 naming the parameter otherwise. */
export function queryOf<S extends z.ZodType>(c: Context<HubEnv>, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query())
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const name = issue.path.join('.') || 'query'
  const what =
    issue.code === 'unrecognized_keys'
      ? `unknown parameter ${issue.keys.join(', ')}`
      : `${name} ${issue.message}`
  throw new HubInputError(`Query: ${what}`)
}

export const registerBookingRoutes: HubRoutes = (app, deps) => {
  app.get('/:env/v1/booking/:id/:channel', requireRole('bookings:read'), async (c) => {
    const upstream = upstreamOf(c)
    if (!upstream) {
      return c.json({ message: `No such hub endpoint: ${c.req.method} ${c.req.path}` }, 404)
    }
    const id = c.req.param('id')
    let details
    try {
      details = await upstream.client.booking(id, c.req.param('channel'))
    } catch (err) {
      return relayFailure(c, err, upstream.env)
    }
    keepInBackground(
      deps.db,
      { env: upstream.env, bookingId: details.id, by: c.get('identity').userId, details },
      // The desk has its booking; the team's copy is refreshed at the next read.
      (err) =>
        deps.log.warn({ err: String(err), bookingId: details.id }, 'kept booking not updated')
    )
    return c.json(details)
  })

  app.get('/hub/v1/:env/bookings', requireRole('bookings:read'), async (c) => {
    const env = hubEnvOf(c)
    const { q, limit, offset } = queryOf(c, SearchQuery)
    const page: HubBookingsPage = await findKept(deps.db, env, q, { limit, offset })
    return c.json(page)
  })

  app.get('/hub/v1/:env/bookings/:id/writes', requireRole('bookings:read'), async (c) => {
    const env = hubEnvOf(c)
    const idOrReference = c.req.param('id')
    const kept = await keptBooking(deps.db, env, idOrReference)
    const bookingId = kept?.bookingId ?? idOrReference
    return c.json({
      bookingId,
      items: await writesOnBooking(deps.db, env, bookingId, kept?.ownReference ?? null)
    } satisfies HubBookingWrites)
  })
}
