import { EventEmitter } from 'node:events'
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely'
import type { HubDatabase } from '../db/schema'

/**
 * The order of the team's events: every change of a journal row or a kept booking takes the next
 * number of hub_event_seq, and desks ask for what came after the last number they saw.
 *
 * Numbers are drawn under one transaction-scoped advisory lock, held until the change commits,
 * so changes commit in the order of their numbers: without it, a change numbered 10 committing
 * after one numbered 11 was already read would be skipped by a desk now asking `since=11`. The
 * lock is held for one short statement, never while the service is asked anything.
 */

/** The advisory lock key of the event order (an arbitrary constant of this application). */
const EVENTS_LOCK = 5_361_726_001

/** Takes the order's lock in `trx` and gives the expression of the next number. */
export async function nextSeq(trx: Transaction<HubDatabase>): Promise<RawBuilder<number>> {
  await sql`SELECT pg_advisory_xact_lock(${EVENTS_LOCK}::bigint)`.execute(trx)
  return sql<number>`nextval('hub_event_seq')`
}

/** A bigint as read back: pg gives a string, PGlite a number. */
export function seqNumber(value: string | number | bigint): number {
  return Number(value)
}

/**
 * Tells this process's long polls that something changed (after the change committed). Other
 * hub processes on the same server are seen by the polls' own re-reads (events/routes.ts).
 */
const buses = new WeakMap<Kysely<HubDatabase>, EventEmitter>()

export function eventBus(db: Kysely<HubDatabase>): EventEmitter {
  let bus = buses.get(db)
  if (!bus) {
    bus = new EventEmitter()
    // Every waiting desk is a listener: 50 desks are normal, not a leak.
    bus.setMaxListeners(0)
    buses.set(db, bus)
  }
  return bus
}

export function announceChange(db: Kysely<HubDatabase>): void {
  eventBus(db).emit('change')
}
