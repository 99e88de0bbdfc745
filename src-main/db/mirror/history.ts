import type { z } from 'zod'
import type { HistoryInput } from '@shared/ipc/history.schema'
import { historyPage, type HistoryRecord } from '../queries/history-all'
import type { HistoryEntry, HistoryFilter } from '../repos/history'
import type { MirrorParts } from './parts'

/** The changes the sync recorded (the History screen). */
export interface MirrorHistory {
  /** One listing's changes, newest first. */
  ofListing(listingId: number, filter?: HistoryFilter): HistoryEntry[]
  /** Recorded changes across the portfolio or for one listing, filtered and paged. */
  page(q: z.output<typeof HistoryInput>): { total: number; items: HistoryRecord[] }
}

export function mirrorHistory(p: MirrorParts): MirrorHistory {
  return {
    ofListing: (id, filter) => p.history.list(id, filter),
    page: (q) => historyPage(p.sqlite, q)
  }
}
