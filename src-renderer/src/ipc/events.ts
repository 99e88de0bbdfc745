import { useEffect } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { bridge } from './client'
import { applyProgress, resetProgress } from './progress-store'
import { profilesQuery } from '../app/queries'
import { appKey, journalKey, liveKey, PROFILE_FAMILIES, readsChanged, syncKey } from './query-keys'

/** The profile whose data the 'mirror' and 'live' queries hold; a switch is applied once. */
let dataProfileId: string | undefined

/**
 * Another profile is active: its data replaces every profile-bound query. Reset, not
 * invalidate: the previous profile's rows must disappear, not linger until the refetch.
 */
function switchedProfile(qc: QueryClient, activeId: string): void {
  void qc.invalidateQueries({ queryKey: appKey() })
  if (dataProfileId === activeId) return
  dataProfileId = activeId
  resetProgress()
  for (const queryKey of PROFILE_FAMILIES) void qc.resetQueries({ queryKey })
}

/**
 * A write's journal row changed. On a team hub profile it may be another agent's write (main
 * hears the team's events): the open booking page reads its booking again, not only its writes.
 * On a profile of one's own, the write's own dialog already put the booking read after it.
 */
function journalChanged(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: journalKey() })
  const list = qc.getQueryData(profilesQuery.queryKey)
  const active = list?.profiles.find((p) => p.id === list.activeId)
  if (active?.hubUrl !== undefined) void qc.invalidateQueries({ queryKey: liveKey('booking') })
}

/**
 * Subscribes to main's events for the life of the app: a data change re-reads the queries that
 * read the resources it names (query-keys.ts), a profile switch swaps every profile-bound query, and
 * progress goes to the live store.
 */
export function useIpcEvents(activeProfileId: string | undefined) {
  const qc = useQueryClient()
  useEffect(() => {
    dataProfileId ??= activeProfileId
    const api = bridge()
    if (!api) return
    const offs = [
      api.on('sync:progress', ({ profileId, event }) => {
        if (dataProfileId && profileId !== dataProfileId) return
        applyProgress(event)
        if (event.type !== 'page') void qc.invalidateQueries({ queryKey: syncKey() })
      }),
      api.on('sync:finished', () => void qc.invalidateQueries({ queryKey: syncKey() })),
      api.on('profiles:changed', ({ activeId }) => switchedProfile(qc, activeId)),
      api.on('journal:changed', () => journalChanged(qc)),
      // A call found the service unreachable (or reachable again): the header and the data-age
      // lines read the sync status, which says so from now on.
      api.on('connectivity:changed', ({ profileId }) => {
        if (dataProfileId && profileId !== dataProfileId) return
        void qc.invalidateQueries({ queryKey: syncKey('status') })
      }),
      // Every query that read a changed resource, whichever screen asked it (query-keys.ts).
      api.on('db:changed', ({ resources }) => {
        void qc.invalidateQueries({ queryKey: syncKey() })
        void qc.invalidateQueries({ predicate: (q) => readsChanged(q, resources) })
      })
    ]
    return () => offs.forEach((off) => off())
  }, [qc, activeProfileId])
}
