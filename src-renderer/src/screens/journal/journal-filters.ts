import type { JournalFilter } from '@shared/ipc/journal.schema'
import { JournalAction, JournalOutcome } from './journal-words'

/** The Journal screen's filters, and the journal:list filter they make. */

/** The journal screen's filters as the person sets them. */
export interface JournalFilters {
  action: JournalAction | null
  outcome: JournalOutcome | null
  booking: string
  from: string | null
  to: string | null
  /** Only the active profile's writes. */
  thisProfileOnly: boolean
  /** On a team profile: only this team member's writes (the hub user's name). */
  person?: string
}

export const NO_JOURNAL_FILTERS: JournalFilters = {
  action: null,
  outcome: null,
  booking: '',
  from: null,
  to: null,
  thisProfileOnly: false,
  person: ''
}

export function hasJournalFilters(f: JournalFilters): boolean {
  return (
    f.action !== null ||
    f.outcome !== null ||
    f.booking.trim() !== '' ||
    f.from !== null ||
    f.to !== null ||
    f.thisProfileOnly ||
    (f.person ?? '').trim() !== ''
  )
}

/**
 * The filter main takes: the same for the list and the export (the export has no page). Empty
 * values are left out; a date range given backwards is put in order.
 */
export function journalFilter(
  f: JournalFilters,
  profileId: string | undefined,
  page?: { limit: number; offset: number }
): JournalFilter {
  const [from, to] = f.from && f.to && f.from > f.to ? [f.to, f.from] : [f.from, f.to]
  const person = (f.person ?? '').trim()
  return {
    ...(f.action ? { action: f.action } : {}),
    ...(f.outcome ? { outcome: f.outcome } : {}),
    ...(f.booking.trim() ? { booking: f.booking.trim() } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(f.thisProfileOnly && profileId ? { profileId } : {}),
    ...(person ? { user: person } : {}),
    ...(page ?? {})
  }
}
