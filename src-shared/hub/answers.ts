import { z } from 'zod'
import { HUB_ROLES } from '../domain/hub-roles'
import { JOURNAL_ACTIONS } from '../ipc/journal.schema'

/**
 * The team hub's own answers to desks (docs/hub.md, "/hub/v1/..."), defined once: the hub types
 * the shapes it builds with them and a desk reads its answers through them.
 */

/** `GET /hub/v1/whoami`: who the personal hub token belongs to, and that user's role. */
export const HubWhoami = z.object({ user: z.string().min(1), role: z.enum(HUB_ROLES) })
export type HubWhoami = z.infer<typeof HubWhoami>

const HUB_WRITE_OUTCOMES = ['sending', 'done', 'refused', 'unknown', 'not-sent'] as const

const HubSettlement = z.object({
  at: z.string(),
  by: z.string(),
  result: z.enum(['done', 'not-done']),
  note: z.string()
})

/** One row of the team's shared journal: who sent which write, and how it ended. */
export const HubJournalEntry = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  env: z.string(),
  user: z.string(),
  action: z.enum(JOURNAL_ACTIONS),
  target: z.string(),
  bookingId: z.string().nullable(),
  listingId: z.number().int().nullable(),
  ownReference: z.string().nullable(),
  request: z.unknown(),
  sentAt: z.string(),
  answeredAt: z.string().nullable(),
  status: z.number().int().nullable(),
  answer: z.unknown(),
  message: z.string().nullable(),
  outcome: z.enum(HUB_WRITE_OUTCOMES),
  settlement: HubSettlement.nullable()
})
export type HubJournalEntry = z.infer<typeof HubJournalEntry>

/**
 * `GET /hub/v1/<env>/journal`: newest first; `next` is the `before` of the next page, `total`
 * how many rows match the filter in all (a hub before it was added sends none).
 */
export const HubJournalPage = z.object({
  items: z.array(HubJournalEntry),
  next: z.number().int().nullable(),
  total: z.number().int().min(0).optional()
})
export type HubJournalPage = z.infer<typeof HubJournalPage>

/** `GET /hub/v1/<env>/bookings/{id or own reference}/writes`: every write on it, oldest first. */
export const HubBookingWrites = z.object({
  bookingId: z.string(),
  items: z.array(HubJournalEntry)
})
export type HubBookingWrites = z.infer<typeof HubBookingWrites>

/** A booking the hub kept because someone on the team read or wrote it. */
const HubKeptBooking = z.object({
  seq: z.number().int(),
  bookingId: z.string(),
  ownReference: z.string().nullable(),
  listingId: z.number().int().nullable(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  status: z.string().nullable(),
  guestName: z.string().nullable(),
  guestEmail: z.string().nullable(),
  details: z.unknown(),
  keptAt: z.string(),
  keptBy: z.string()
})

/** `GET /hub/v1/<env>/bookings?q=`: kept bookings by id, own reference, guest name or e-mail. */
export const HubBookingsPage = z.object({
  total: z.number().int(),
  items: z.array(HubKeptBooking)
})
export type HubBookingsPage = z.infer<typeof HubBookingsPage>

const HubEvent = z.discriminatedUnion('kind', [
  z.object({ seq: z.number().int(), kind: z.literal('journal'), entry: HubJournalEntry }),
  z.object({ seq: z.number().int(), kind: z.literal('booking'), booking: HubKeptBooking })
])

/** `GET /hub/v1/<env>/events?since=&wait=`: changes after `since`, in sequence order. */
export const HubEvents = z.object({
  since: z.number().int(),
  next: z.number().int(),
  events: z.array(HubEvent)
})
export type HubEvents = z.infer<typeof HubEvents>

/**
 * What the hub adds to a failed write's `{message}`: the journal row (not on a 409, which made
 * none), who sent the write that stopped this one (409), and how the write ended (`unknown` on
 * a 502/504, `not-sent` on a 503: the hub could not reach the service).
 */
export const HubWriteFailure = z.object({
  message: z.string(),
  journalId: z.number().int().optional(),
  user: z.string().optional(),
  outcome: z.enum(HUB_WRITE_OUTCOMES).optional()
})

/** A write the hub stopped because the same target's write is on its way or just done (409). */
export const HubWriteConflict = z.object({
  message: z.string(),
  journalId: z.number().int(),
  user: z.string(),
  outcome: z.enum(HUB_WRITE_OUTCOMES)
})
export type HubWriteConflict = z.infer<typeof HubWriteConflict>
