import type { HistoryItem } from '@shared/ipc/history.schema'
import type { SyncStatus } from '@shared/ipc/sync.schema'
import type { HistoryKind } from '@shared/domain/history-words'
import { oldestResource } from '../../components/data-age'
import { dataAgeText } from '../../components/data-source'
import { formatDay, formatNumber } from '../../components/text'
import { changeSubjectText } from '../listings/listing-words'
import { RESOURCE_OF_KIND, RESOURCES_OF_CHANGES } from './history-filters'

/**
 * The History screen in words: its filter choices, where the rows come from, the count line and
 * a row's subject. Pure, so the words are unit-tested.
 */

export const HISTORY_KIND_CHOICES: { value: HistoryKind | 'all'; label: string }[] = [
  { value: 'all', label: 'All changes' },
  { value: 'price', label: 'Prices' },
  { value: 'availability', label: 'Availability' },
  { value: 'listing', label: 'Listing fields' }
]

/**
 * Where the rows come from and how old they are: the offline copy of the resources the kind
 * covers, judged by the least recent of them (a list of all changes is only as fresh as its
 * oldest part), and that a change is recorded by the sync that finds it.
 */
export function historySourceText(
  status: SyncStatus,
  kind: HistoryKind | null,
  now: number
): string | null {
  const oldest = oldestResource(status, kind ? [RESOURCE_OF_KIND[kind]] : RESOURCES_OF_CHANGES)
  return oldest && `${dataAgeText(status, oldest, now)} · a change is recorded when a sync finds it`
}

/** "Showing 1–50 of 134 changes", "1 change", "No changes". */
export function historyCountText(total: number, offset: number, shown: number): string {
  if (total === 0) return 'No changes'
  if (total === 1) return '1 change'
  if (shown >= total) return `${formatNumber(total)} changes`
  return `Showing ${formatNumber(offset + 1)}–${formatNumber(offset + shown)} of ${formatNumber(total)} changes`
}

/** "Casa Rosa", or the id when the listing is no longer in the offline copy. */
export function listingWords(item: Pick<HistoryItem, 'listingId' | 'listingName'>): string {
  return item.listingName ?? `Listing ${item.listingId} (no longer in the offline copy)`
}

/**
 * "Price of Sun, Feb 14, 2027", "Availability of …", "Field house rules": the night in the
 * sentence date format, as the listing page's live check says it.
 */
export function rowSubject(item: Pick<HistoryItem, 'kind' | 'key'>): string {
  return changeSubjectText(item, formatDay)
}

/** The empty list's title and advice: what to do to see changes here. */
export function emptyWords(
  filtered: boolean,
  neverSynced: boolean
): { title: string; text: string } {
  if (neverSynced) {
    return {
      title: 'No data yet — run a sync',
      text: 'StayDesk records changes in the offline copy. Sync once to download the portfolio; later syncs record every price, day and listing field they find changed.'
    }
  }
  if (filtered) {
    return {
      title: 'No change matches these filters',
      text: 'Try another kind, a wider date range, or the whole portfolio.'
    }
  }
  return {
    title: 'No change recorded yet',
    text: 'Changes appear after a sync finds them: a night’s price, a day opened or closed, a listing’s text. The first download records none; each later sync records what changed since.'
  }
}
