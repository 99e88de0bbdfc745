import type { CHANNEL_LISTING_STATUSES } from '@shared/api/reference.schema'
import {
  type ApplyReferencesResult,
  type ImportPreview,
  type ImportRow
} from '@shared/ipc/references.schema'
import { formatNumber, plural } from '../../components/text'
import { DiffFilter, outcomeCounts } from './reference-rows'

/**
 * The References screen in words: a dry-run row's change and fields, the counts, which rows an
 * apply sends, the per-row results, the undo file and the export. Pure, so it is unit-tested.
 */

export type ChannelStatus = (typeof CHANNEL_LISTING_STATUSES)[number]
export type RowChange = ImportRow['change']
export type RowOutcome = ApplyReferencesResult['results'][number]['outcome']

export const STATUS_WORDS: Record<ChannelStatus, string> = {
  building: 'Building',
  incomplete: 'Incomplete',
  active: 'Active',
  inactive: 'Inactive'
}

export const CHANGE_WORDS: Record<RowChange, string> = {
  new: 'New',
  changed: 'Changed',
  same: 'Same',
  invalid: 'Invalid'
}

export const CHANGE_COLOR: Record<RowChange, string> = {
  new: 'blue',
  changed: 'violet',
  same: 'gray',
  invalid: 'red'
}

export const OUTCOME_WORDS: Record<RowOutcome, string> = {
  done: 'Done',
  refused: 'Refused',
  unknown: 'Unknown',
  'not-sent': 'Not sent'
}

export const OUTCOME_COLOR: Record<RowOutcome, string> = {
  done: 'teal',
  refused: 'red',
  unknown: 'orange',
  'not-sent': 'gray'
}

/** A status as the person reads it; one StayDesk does not know as the file wrote it. */
export function statusWords(status: string | null | undefined): string {
  if (!status) return '—'
  return STATUS_WORDS[status as ChannelStatus] ?? status
}

/** "2 new · 1 changed · 1 same · 4 invalid" (every kind, zeros included: they are news too). */
export function countsText(counts: ImportPreview['counts']): string {
  return (['new', 'changed', 'same', 'invalid'] as const)
    .map((k) => `${formatNumber(counts[k])} ${k}`)
    .join(' · ')
}

/** "Apply 3 changes", "Apply 1 change", or why there is nothing to apply. */
export function applyLabel(n: number): string {
  return n === 0 ? 'No changes to apply' : `Apply ${plural(n, 'change', 'changes')}`
}

export const DIFF_FILTER_CHOICES: { value: DiffFilter; label: string }[] = [
  { value: 'all', label: 'All rows' },
  { value: 'changes', label: 'Changes only' },
  { value: 'invalid', label: 'Invalid only' }
]

/** "3 references in 2 batches: 2 done, 1 refused." (only the outcomes that happened). */
export function resultSummary(result: ApplyReferencesResult): string {
  const counts = outcomeCounts(result)
  const parts = (['done', 'refused', 'unknown', 'not-sent'] as const)
    .filter((o) => counts[o] > 0)
    .map((o) => `${formatNumber(counts[o])} ${OUTCOME_WORDS[o].toLowerCase()}`)
  const sent = `${plural(result.results.length, 'reference', 'references')} in ${plural(result.batches, 'batch', 'batches')}`
  return `${sent}: ${parts.join(', ')}.`
}

/** What the results ask of the person, when anything did not go through. */
export function resultAdvice(result: ApplyReferencesResult): string | null {
  const counts = outcomeCounts(result)
  const advice: string[] = []
  if (counts.unknown > 0) {
    advice.push(
      'The service’s answer was lost for the rows marked Unknown: check those listings on the channel before sending them again (StayDesk never re-sends by itself).'
    )
  }
  if (counts['not-sent'] > 0) {
    advice.push(
      'Rows marked Not sent never reached the service: import the file again to send them once the service answers.'
    )
  }
  if (counts.refused > 0) {
    advice.push('The service refused the rows marked Refused: its words are on each row.')
  }
  return advice.length > 0 ? advice.join(' ') : null
}

/** The undo file's rows, and the listings it can't put back (they had no reference before). */
export function undoNote(undo: ApplyReferencesResult['undo']): string {
  const back =
    undo.rows > 0
      ? `The undo file puts back the previous values of ${plural(undo.rows, 'listing', 'listings')}.`
      : 'No listing had a previous value to put back.'
  if (undo.withoutPrevious === 0) return back
  const none = plural(undo.withoutPrevious, 'listing', 'listings')
  return `${back} ${none} had no reference before: the service can’t remove a reference, so undoing leaves ${undo.withoutPrevious === 1 ? 'it' : 'them'} as now.`
}
