import { queryOptions } from '@tanstack/react-query'
import { call } from '../../ipc/client'
import { useCommandMutation } from '../../ipc/mutation'
import { journalKey, mirrorKey } from '../../ipc/query-keys'

/**
 * The References screen's reads and writes. References live in the offline copy as this
 * profile last set them (the service can't be asked), so reads sit in the 'references' family:
 * every write that changes them re-reads them (db:changed).
 */

/** What this profile last set for one listing (null: nothing yet). */
export function keptReferenceQuery(listingId: number) {
  return queryOptions({
    queryKey: mirrorKey('references', 'get', listingId),
    queryFn: () => call('references:get', { listingId })
  })
}

/**
 * The dry run of an imported file, compared with the kept values. Keyed by the file's load (not
 * its text, which may be megabytes), and re-run when the kept references change: after an
 * apply the rows just sent read "Same", so the button can't send them twice.
 */
export function previewQuery(file: { id: number; csv: string }) {
  return queryOptions({
    queryKey: mirrorKey('references', 'preview', file.id),
    queryFn: () => call('references:preview', { csv: file.csv }),
    staleTime: Infinity
  })
}

const WRITES = [mirrorKey('references'), journalKey()] as const

export function useSetReference() {
  return useCommandMutation('references:set', { invalidates: WRITES })
}

export function useApplyReferences() {
  return useCommandMutation('references:apply', { invalidates: WRITES })
}

export function useExportReferences() {
  return useCommandMutation('references:export')
}

export function useSaveUndo() {
  return useCommandMutation('references:save-undo')
}
