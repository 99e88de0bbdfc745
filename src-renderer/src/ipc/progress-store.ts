import { useSyncExternalStore } from 'react'
import type { AppErrorCode } from '@shared/errors'
import type { SyncProgressEvent, SyncResourceName } from '@shared/ipc/sync.schema'

/**
 * Live sync progress from 'sync:progress' events, per resource. Kept outside react-query
 * because it is pushed many times a second and never fetched; screens subscribe with
 * useSyncExternalStore so only the progress bar re-renders.
 */
export interface ResourceProgress {
  state: 'running' | 'done' | 'error'
  /** How the run started: a full download, or changes only. */
  mode: 'full' | 'delta'
  /** Pages and records of that first walk (the download, or the changes). */
  pagesDone: number
  recordsDone: number
  quarantined: number
  total?: number
  /**
   * Records the changes-only pass after a download changed (what changed meanwhile); those it
   * read again and found identical are not counted.
   */
  catchUpRecords?: number
  /** The download started over because its saved resume point was refused. */
  restarted?: boolean
  error?: { code: AppErrorCode; message: string; at: number }
}

export type ProgressSnapshot = Partial<Record<SyncResourceName, ResourceProgress>>

let snapshot: ProgressSnapshot = {}
const listeners = new Set<() => void>()

function emit(next: ProgressSnapshot): void {
  snapshot = next
  for (const l of listeners) l()
}

/** The progress as it stands (the hook below re-renders on changes; this reads once). */
export function progressSnapshot(): ProgressSnapshot {
  return snapshot
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
      // The pass after a download continues the run: its counts are its own, the download's
      // stay (a catch-up page once replaced "10,000 of 10,000" with "0 of 0").
      emit({
        ...snapshot,
        [event.resource]:
          event.catchUp && prev
            ? { ...prev, quarantined: event.quarantined, catchUpRecords: event.changed ?? 0 }
            : {
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
          ...(prev ?? {
            mode: event.result.mode === 'delta' ? 'delta' : 'full',
            pagesDone: event.result.pages,
            recordsDone: event.result.records
          }),
          state: 'done',
          quarantined: event.result.quarantined,
          ...(event.result.restarted ? { restarted: true } : {})
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
