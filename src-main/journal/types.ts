import type { JournalEntry, JournalFilter, SettleInput } from '@shared/ipc/journal.schema'

/**
 * The audit journal's interface: every write to the service (cancel, create, pay, listing
 * references) recorded when it is sent and when its answer arrives. Append-only, in a SQLite
 * file of its own, apart from any mirror, so a full resync or a rebuilt mirror never loses it.
 */

export type JournalAction = JournalEntry['action']
/** How a write ended; `pending` is never recorded, it is what an unanswered write shows. */
export type JournalOutcome = Exclude<JournalEntry['outcome'], 'pending'>

/** Who the write was made as. */
export interface JournalProfile {
  id: string
  name: string
  kind: string
  baseUrl: string
}

/** A write about to be sent. `sent` must already be safe to keep (see forJournal). */
export interface WriteRecord {
  action: JournalAction
  profile: JournalProfile
  bookingId?: string | null
  listingId?: number | null
  ownReference?: string | null
  sent: unknown
}

export interface WriteAnswer {
  outcome: JournalOutcome
  /** The service's message (refused), or StayDesk's sentence (unknown, not sent). */
  message?: string | null
  /** What came back, when something did (kept as received, minus card data). */
  received?: unknown
  /** The booking id learnt from the answer (a create's new booking). */
  bookingId?: string | null
}

export interface Journal {
  readonly file: string
  /**
   * Records a write before it is sent and returns its id. Throws when it can't be recorded; the
   * caller then does not send it (no write goes unrecorded).
   */
  sent(record: WriteRecord): string
  /** Records the answer of write `id`. */
  answered(id: string, answer: WriteAnswer): void
  /**
   * Records that write `input.id` was settled by hand, by whom and with the agent's note. Only
   * a write whose outcome is unknown or never came can be settled, and only once.
   */
  settle(input: SettleInput, who: { profile: JournalProfile; by: string }): JournalEntry
  /** Writes, newest first, each with its answer (or `pending`). */
  list(filter: JournalFilter): { total: number; items: JournalEntry[] }
  /** The filtered writes as CSV text with a header row (csv-stringify), and how many rows. */
  csv(filter: JournalFilter): { text: string; rows: number }
  close(): void
}
