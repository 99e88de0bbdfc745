import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { JournalFilter } from '@shared/ipc/journal.schema'
import { call } from '../../ipc/client'
import { useCommandMutation } from '../../ipc/mutation'
import { journalKey } from '../../ipc/query-keys'

/** The audit journal's page for a filter; re-read whenever main records a write (journal:changed). */
export function journalQuery(filter: JournalFilter) {
  return queryOptions({
    queryKey: journalKey('list', filter),
    queryFn: () => call('journal:list', filter),
    // Paging and typing keep the previous page on screen instead of flashing skeletons.
    placeholderData: keepPreviousData
  })
}

/** The filtered journal as a CSV file the person chooses (main shows the save dialog). */
export function useExportJournal() {
  return useCommandMutation('journal:export')
}
