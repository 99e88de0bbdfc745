import type { JOURNAL_ACTIONS } from '../ipc/journal.schema'

/**
 * What a desk and a team hub agree on about writes: the header a production write carries, and
 * how the hub's shared journal names a write. The desk's team-hub profile sends the header; the
 * hub refuses a production write without it.
 */

/**
 * The typed confirmation of a production write, as the desk's dialog asks for it: the booking
 * id (pay, cancel), the listing id (create, one listing reference) or the number of changes
 * (listing references). Without it, or with another value, the hub answers 428 and sends nothing.
 */
export const HUB_CONFIRM_HEADER = 'X-StayDesk-Confirm'

/** The id of the write's row in the hub's journal, on every answer to a write. */
export const HUB_JOURNAL_HEADER = 'X-StayDesk-Journal'

/** The writes a journal records, named as the desk's own journal names them. */
export type JournalAction = (typeof JOURNAL_ACTIONS)[number]
