import { z } from 'zod'
import { isoDate } from '../api/common.schema'
import { withoutCardNumber } from './bookings.schema'

/**
 * The journal of writes across IPC: each write as sent and answered, its filter, and a write
 * settled by hand. Instants are epoch milliseconds.
 */

export const JOURNAL_ACTIONS = ['cancel', 'create', 'pay', 'reference', 'references'] as const

export const JOURNAL_OUTCOMES = ['done', 'refused', 'unknown', 'not-sent', 'pending'] as const

/** What the agent found out about a write whose outcome was unknown (or never answered). */
const SETTLED_RESULTS = ['done', 'not-done'] as const

/**
 * A write settled by hand: the agent checked (read the booking later, asked the guest or the
 * property manager) and says whether it was carried out. Recorded beside the write, never
 * instead of its outcome: the journal keeps that it was unknown when sent.
 */
const Settlement = z.object({
  at: z.number(),
  result: z.enum(SETTLED_RESULTS),
  note: z.string(),
  /** Who settled it: the profile it was settled under, and the computer's account name. */
  profileName: z.string(),
  by: z.string()
})
type Settlement = z.infer<typeof Settlement>

export const SETTLE_NOTE_MAX = 1000

export const SettleInput = z
  .object({
    id: z.string().trim().min(1).max(100),
    result: z.enum(SETTLED_RESULTS),
    note: withoutCardNumber(
      z
        .string()
        .trim()
        .min(1, 'is required: say how you found out')
        .max(SETTLE_NOTE_MAX, `must be at most ${SETTLE_NOTE_MAX} characters`)
    )
  })
  .strict()
export type SettleInput = z.infer<typeof SettleInput>

/** One write as the journal holds it: what was sent, and what came back. */
export const JournalEntry = z.object({
  /** The write's id (one id for its "sent" and "answered" records). */
  id: z.string(),
  action: z.enum(JOURNAL_ACTIONS),
  profileId: z.string(),
  profileName: z.string(),
  profileKind: z.string(),
  bookingId: z.string().nullable(),
  listingId: z.number().int().nullable(),
  ownReference: z.string().nullable(),
  sentAt: z.number(),
  answeredAt: z.number().nullable(),
  /** `pending` until an answer is recorded (or when StayDesk stopped before it came). */
  outcome: z.enum(JOURNAL_OUTCOMES),
  message: z.string().nullable(),
  /** The request as sent, a card reduced to its brand and last four digits. */
  sent: z.unknown(),
  received: z.unknown(),
  /** Settled by hand (an unknown or unanswered write), or null. */
  settlement: Settlement.nullable(),
  /** On a team hub profile, the team member who sent it (the hub's journal names everyone). */
  user: z.string().optional()
})
export type JournalEntry = z.infer<typeof JournalEntry>

export const JournalFilter = z
  .object({
    action: z.enum(JOURNAL_ACTIONS).optional(),
    outcome: z.enum(JOURNAL_OUTCOMES).optional(),
    /** A booking id or own reference. */
    booking: z.string().max(100).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** Only this profile's writes (default: all profiles). */
    profileId: z.string().max(100).optional(),
    /** On a team hub profile: only this team member's writes. */
    user: z.string().trim().max(64).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    offset: z.number().int().min(0).optional()
  })
  .strict()
export type JournalFilter = z.infer<typeof JournalFilter>
