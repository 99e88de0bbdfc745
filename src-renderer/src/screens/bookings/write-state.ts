import type { JournalEntry } from '@shared/ipc/journal.schema'

/** Where a journaled write to a booking stands. */

/** Open: sent, and neither answered with a known outcome nor settled by hand. */
export function isOpenWrite(e: Pick<JournalEntry, 'outcome' | 'settlement'>): boolean {
  return (e.outcome === 'unknown' || e.outcome === 'pending') && e.settlement === null
}
