import { useIsMutating, useQueryClient } from '@tanstack/react-query'
import type { SyncSummary } from '@shared/ipc/sync.schema'
import { notifyError, notifyProblem, notifySuccess, notifyWarning } from '../components/notify'
import { errorCode } from '../ipc/client'
import { useCommandMutation } from '../ipc/mutation'
import { resetProgress } from '../ipc/progress-store'
import { syncKey } from '../ipc/query-keys'
import { syncOutcome } from '../screens/sync/summary'

const SYNC_RUN = ['command', 'sync:run'] as const

/**
 * Starting a sync from any screen (the Sync screen, the Listings empty state, the palette): the
 * live progress is cleared, the outcome is announced once, and a service outage reads as
 * "working offline", never as an error of StayDesk.
 */
export function useSyncRun() {
  const qc = useQueryClient()
  const run = useCommandMutation('sync:run', { invalidates: [['mirror']] })
  const start = (full: boolean, onDone?: (summary: SyncSummary) => void) => {
    resetProgress()
    void qc.invalidateQueries({ queryKey: syncKey() })
    run.mutate(
      { full },
      {
        onSuccess: (summary) => {
          const outcome = syncOutcome(summary)
          if (outcome.kind === 'success') notifySuccess(outcome.title, outcome.message)
          else if (outcome.kind === 'warning') notifyWarning(outcome.title, outcome.message)
          else notifyProblem(outcome.title, outcome.message)
          onDone?.(summary)
        },
        onError: (err) => {
          if (errorCode(err) === 'aborted') {
            notifySuccess('Sync cancelled', 'Pages already received are kept.')
          } else notifyError(full ? 'Full resync' : 'Sync', err)
        }
      }
    )
  }
  return { start, result: run.data, isPending: run.isPending }
}

/** True while a sync started from this window is on its way. */
export function useSyncRunning(): boolean {
  return useIsMutating({ mutationKey: SYNC_RUN }) > 0
}
