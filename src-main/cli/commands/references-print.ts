import type {
  ApplyReferencesResult,
  ImportPreview,
  ImportRow,
  KeptReference
} from '@shared/ipc/references.schema'
import type { Output } from '../output'

/** What the import says, for a person: the diff before anything is sent, then the outcomes. */

type RowResult = ApplyReferencesResult['results'][number]
export type Outcome = RowResult['outcome']

const OUTCOME_WORDS: Record<Outcome, string> = {
  done: 'done',
  refused: 'refused',
  unknown: 'unknown',
  'not-sent': 'not sent'
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

function listingWords(row: Pick<ImportRow, 'listingId' | 'listingName'>): string {
  if (row.listingId === null) return '-'
  return row.listingName ? `${row.listingId} ${row.listingName}` : String(row.listingId)
}

/** "CASA-1, https://…, active": what a value holds; url and status only when there is one. */
function valueWords(v: { reference: string; url: string | null; status: string | null }): string {
  return [v.reference, v.url, v.status].filter((part) => part !== null && part !== '').join(', ')
}

function currentWords(current: KeptReference | null): string {
  return current ? valueWords(current) : '-'
}

export function countsWords(counts: ImportPreview['counts']): string {
  return `${counts.new} new, ${counts.changed} changed, ${counts.same} same, ${counts.invalid} invalid`
}

/** The dry run's diff: each row with what is kept now, what the file gives, and its problems. */
export function printPreview(out: Output, file: string, preview: ImportPreview): void {
  for (const problem of preview.fileProblems) out.line(`${file}: ${problem}`)
  if (preview.rows.length === 0) return
  out.table(
    preview.rows.map((r) => [
      r.line,
      listingWords(r),
      r.change,
      currentWords(r.current),
      valueWords(r) || '-',
      r.problems.join(' ')
    ]),
    ['line', 'listing', 'change', 'now', 'in the file', 'problems']
  )
  out.line(`${plural(preview.rows.length, 'row')} in ${file}: ${countsWords(preview.counts)}`)
}

export function tally(results: readonly RowResult[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { done: 0, refused: 0, unknown: 0, 'not-sent': 0 }
  for (const r of results) counts[r.outcome]++
  return counts
}

/** "2 done, 1 refused": the outcomes that occurred, in a fixed order. */
export function tallyWords(counts: Record<Outcome, number>): string {
  const parts = (Object.keys(OUTCOME_WORDS) as Outcome[])
    .filter((o) => counts[o] > 0)
    .map((o) => `${counts[o]} ${OUTCOME_WORDS[o]}`)
  return parts.join(', ')
}

/** Each sent row's outcome with its line in the file, then what happened in one sentence. */
export function printResults(
  out: Output,
  result: ApplyReferencesResult,
  lineOf: ReadonlyMap<number, ImportRow>
): void {
  out.line()
  out.table(
    result.results.map((r) => {
      const row = lineOf.get(r.listingId)
      return [
        row?.line ?? '',
        row ? listingWords(row) : r.listingId,
        OUTCOME_WORDS[r.outcome],
        r.batch,
        r.message ?? ''
      ]
    }),
    ['line', 'listing', 'outcome', 'batch', 'message']
  )
  const counts = tally(result.results)
  out.line(
    `Sent ${plural(result.results.length, 'row')} in ${plural(result.batches, 'batch', 'batches')}: ` +
      `${tallyWords(counts)}.`
  )
  if (counts.unknown > 0) {
    out.line(
      'An unknown outcome is never sent again: the service has no way to read references ' +
        'back, so check those listings on the channel before setting them again.'
    )
  }
}

/**
 * Where the undo file is and what it can't put back: listings that had no reference before
 * keep the new one (the service can't remove a reference), so they are named.
 */
export function undoWords(
  file: string | null,
  rows: number,
  touched: number,
  without: number[]
): string[] {
  if (touched === 0) return ['No undo file: nothing was changed on the service.']
  const ids = without.length <= 10 ? ` (${without.join(', ')})` : ''
  const them = without.length === 1 ? 'it' : 'them'
  const note =
    `No previous reference for ${plural(without.length, 'listing')}${ids}: the service can't ` +
    `remove a reference, so undoing leaves ${them} as set now.`
  if (file === null) return ['No undo file: nothing to put back.', note]
  return [`Undo file: ${file} (${plural(rows, 'row')}).`, ...(without.length > 0 ? [note] : [])]
}
