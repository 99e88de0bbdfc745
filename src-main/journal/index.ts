/**
 * The audit journal: every write to the service, recorded when sent and when answered, in a
 * SQLite file of its own. Open it with openJournal; make a body safe to keep with forJournal.
 */
export { openJournal } from './journal'
export { forJournal } from './for-journal'
export { APP_JOURNAL_FILE, journalFileBeside } from './files'
export { JournalDamagedError, JournalTooNewError } from './errors'
export type { Journal, JournalProfile, WriteRecord } from './types'
