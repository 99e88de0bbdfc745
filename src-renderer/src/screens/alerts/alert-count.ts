import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { bridge } from '../../ipc/client'
import { ALERTS_KEY, alertCountsQuery } from './queries'

/**
 * The navigation's count of new alerts. The navigation is always mounted, so this is also where
 * 'watch:changed' (the watch ran after a sync) re-reads every alerts query, the screen's too.
 */
export function useNewAlertCount(): number {
  const qc = useQueryClient()
  useEffect(
    () => bridge()?.on('watch:changed', () => void qc.invalidateQueries({ queryKey: ALERTS_KEY })),
    [qc]
  )
  return useQuery(alertCountsQuery).data?.counts.new ?? 0
}
