import {
  ReferenceInput,
  type ApplyReferencesResult,
  type ImportRow
} from '@shared/ipc/references.schema'
import { RowOutcome, statusWords } from './reference-words'

/**
 * An imported references file's rows, worked on: which to send, which a filter shows, what a
 * field changes, how the outcomes count. The words are in reference-words.ts.
 */

/**
 * The rows an apply sends: valid new and changed rows, as the contract's ReferenceInput (an
 * empty URL or status is "not given": the service keeps what it has). Same rows would send
 * nothing new, invalid rows never go.
 */
export function rowsToApply(rows: readonly ImportRow[]): ReferenceInput[] {
  return rows.flatMap((row) => {
    if ((row.change !== 'new' && row.change !== 'changed') || row.listingId === null) return []
    const parsed = ReferenceInput.safeParse({
      listingId: row.listingId,
      reference: row.reference,
      ...(row.url ? { url: row.url } : {}),
      ...(row.status ? { status: row.status } : {})
    })
    return parsed.success ? [parsed.data] : []
  })
}

export interface FieldDiff {
  from: string
  to: string
  /** The value would change on the channel (as far as StayDesk knows what it holds). */
  changes: boolean
}

/**
 * One field of a dry-run row: what this profile last set → what the file gives. A field the
 * file leaves empty is not sent, so the channel keeps its value ("kept").
 */
export function fieldDiff(row: ImportRow, field: 'reference' | 'url' | 'status'): FieldDiff {
  const current = row.current?.[field] ?? null
  const given = field === 'reference' ? row.reference : row[field]
  const show = (v: string | null) => (field === 'status' ? statusWords(v) : v)
  const from = current === null ? (row.current ? 'none' : 'none set') : show(current)!
  if (given === null || given === '') {
    return { from, to: field === 'reference' ? '(empty)' : 'kept', changes: false }
  }
  return { from, to: show(given)!, changes: current !== given }
}

export type DiffFilter = 'all' | 'changes' | 'invalid'

export function filterRows(rows: readonly ImportRow[], filter: DiffFilter): ImportRow[] {
  if (filter === 'changes') return rows.filter((r) => r.change === 'new' || r.change === 'changed')
  if (filter === 'invalid') return rows.filter((r) => r.change === 'invalid')
  return [...rows]
}

/** How many rows each outcome got. */
export function outcomeCounts(result: ApplyReferencesResult): Record<RowOutcome, number> {
  const counts: Record<RowOutcome, number> = { done: 0, refused: 0, unknown: 0, 'not-sent': 0 }
  for (const r of result.results) counts[r.outcome]++
  return counts
}
