import type { z } from 'zod'
import { changePair } from '@shared/domain/history-words'
import type { HistoryInput, HistoryItem } from '@shared/ipc/history.schema'
import type { Mirror } from '../../db'

/** Recorded changes with their before and after in words (the screen and the command line). */
export function historyItems(
  mirror: Mirror,
  q: z.output<typeof HistoryInput>
): { total: number; items: HistoryItem[] } {
  const page = mirror.history.page(q)
  return {
    total: page.total,
    items: page.items.map((r) => ({
      listingId: r.listingId,
      listingName: r.listingName,
      kind: r.kind,
      key: r.key,
      // Only the sub-fields that changed, so a moved address is not lost in the whole location.
      ...changePair(r.kind, r.key, r.old, r.new),
      seenAt: r.seenAt
    }))
  }
}
