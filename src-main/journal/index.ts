/**
 * The audit journal: every write to the service, recorded when sent and when answered, in a
 * SQLite file of its own. Open it with openJournal; make a body safe to keep with forJournal.
 */
export { openJournal, type JournalOptions } from './journal'
export { forJournal } from './for-journal'
export { APP_JOURNAL_FILE, journalFileBeside } from './files'
export { JournalDamagedError, JournalOpenError, JournalTooNewError } from './errors'
export type {
  Journal,
  JournalAction,
  JournalOutcome,
  JournalProfile,
  WriteAnswer,
  WriteRecord
} from './types'
