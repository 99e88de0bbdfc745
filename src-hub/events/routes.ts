import type { HubEvents } from '@shared/hub/answers'
import { z } from 'zod'
import type { Kysely } from 'kysely'
import { hubEnvOf, queryOf } from '../bookings/routes'
import { keptSince, type KeptBooking } from '../bookings/kept'
import type { HubDatabase } from '../db/schema'
import { journalSince, type JournalEntry } from '../journal/query'
import { requireRole, type HubRoutes } from '../server'
import { eventsMayFollow } from './watch'

/**
 * `GET /hub/v1/<env>/events?since=<seq>[&wait=25]`: the journal rows and kept bookings changed
 * after `since`, each once at its latest number, in order. A desk polls every 2–3 s with the
 * `next` of its last answer, or long-polls with `wait` (up to 25 s): the answer comes as soon as
 * this hub process changes something, or, for a change made through another hub process on the
 * same server, within about a second (watch.ts: one read a second for all waiting polls).
 */

const EventsQuery = z.object({
  since: z.coerce.number().int().min(0).default(0),
  wait: z.coerce.number().int().min(0).max(25).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(500)
})

type TeamEvent =
  | { seq: number; kind: 'journal'; entry: JournalEntry }
  | { seq: number; kind: 'booking'; booking: KeptBooking }

async function eventsAfter(
  db: Kysely<HubDatabase>,
  env: string,
  since: number,
  limit: number
): Promise<TeamEvent[]> {
  const [writes, bookings] = await Promise.all([
    journalSince(db, env, since, limit),
    keptSince(db, env, since, limit)
  ])
  const events: TeamEvent[] = [
    ...writes.map((entry) => ({ seq: entry.seq, kind: 'journal' as const, entry })),
    ...bookings.map((booking) => ({ seq: booking.seq, kind: 'booking' as const, booking }))
  ]
  // Both lists stop at `limit`: past the smaller last number, one list may be missing rows.
  const complete = Math.min(
    writes.length === limit ? writes[writes.length - 1].seq : Infinity,
    bookings.length === limit ? bookings[bookings.length - 1].seq : Infinity
  )
  return events.filter((e) => e.seq <= complete).sort((a, b) => a.seq - b.seq)
}

export const registerEventRoutes: HubRoutes = (app, deps) => {
  app.get('/hub/v1/:env/events', requireRole('journal:read'), async (c) => {
    const env = hubEnvOf(c)
    const { since, wait, limit } = queryOf(c, EventsQuery)
    const deadline = Date.now() + wait * 1000
    let events = await eventsAfter(deps.db, env, since, limit)
    while (events.length === 0 && Date.now() < deadline && !c.req.raw.signal.aborted) {
      if (!(await eventsMayFollow(deps.db, env, since, deadline, c.req.raw.signal))) break
      events = await eventsAfter(deps.db, env, since, limit)
    }
    return c.json({
      since,
      next: events.length > 0 ? events[events.length - 1].seq : since,
      events
    } satisfies HubEvents)
  })
}
