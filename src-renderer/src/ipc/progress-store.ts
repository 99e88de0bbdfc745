import { useSyncExternalStore } from 'react'
import type { SyncProgressEvent, SyncResourceName } from '@shared/ipc/views.schema'

/**
 * Live sync progress from 'sync:progress' events, per resource. Kept outside react-query
 * because it is pushed many times a second and never fetched; screens subscribe with
 * useSyncExternalStore so only the progress bar re-renders.
 */
export interface ResourceProgress {
  state: 'running' | 'done' | 'error'
  mode: 'full' | 'delta'
  pagesDone: number
  recordsDone: number
  quarantined: number
  total?: number
  error?: { code: string; message: string; at: number }
}

export type ProgressSnapshot = Partial<Record<SyncResourceName, ResourceProgress>>

let snapshot: ProgressSnapshot = {}
const listeners = new Set<() => void>()

function emit(next: ProgressSnapshot): void {
  snapshot = next
  for (const l of listeners) l()
}

export function resetProgress(): void {
  emit({})
}

export function applyProgress(event: SyncProgressEvent): void {
  const prev = snapshot[event.resource]
  switch (event.type) {
    case 'start':
      emit({
        ...snapshot,
        [event.resource]: {
          state: 'running',
          mode: event.mode,
          pagesDone: 0,
          recordsDone: 0,
          quarantined: 0
        }
      })
      return
    case 'page':
      emit({
        ...snapshot,
        [event.resource]: {
          state: 'running',
          mode: event.mode,
          pagesDone: event.pagesDone,
          recordsDone: event.recordsDone,
          quarantined: event.quarantined,
          total: event.total ?? prev?.total
        }
      })
      return
    case 'done':
      emit({
        ...snapshot,
        [event.resource]: {
          state: 'done',
          mode: prev?.mode ?? (event.result.mode === 'delta' ? 'delta' : 'full'),
          pagesDone: event.result.pages,
          recordsDone: event.result.records,
          quarantined: event.result.quarantined,
          total: prev?.total
        }
      })
      return
    case 'error':
      emit({
        ...snapshot,
        [event.resource]: {
          state: 'error',
          mode: prev?.mode ?? 'delta',
          pagesDone: prev?.pagesDone ?? 0,
          recordsDone: prev?.recordsDone ?? 0,
          quarantined: prev?.quarantined ?? 0,
          total: prev?.total,
          error: { code: event.code, message: event.message, at: Date.now() }
        }
      })
      return
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function useSyncProgress(): ProgressSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot)
}
