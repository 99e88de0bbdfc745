import { describe, expect, it } from 'vitest'
import {
  ApplyReferencesInput,
  type ApplyReferencesResult,
  type ImportRow
} from '@shared/ipc/references.schema'
import {
  applyLabel,
  countsText,
  resultAdvice,
  resultSummary,
  statusWords,
  undoNote
} from '../../../../../src-renderer/src/screens/references/reference-words'
import { savedText } from '../../../../../src-renderer/src/components/text'
import {
  fieldDiff,
  filterRows,
  outcomeCounts,
  rowsToApply
} from '../../../../../src-renderer/src/screens/references/reference-rows'

const KEPT = {
  listingId: 11,
  reference: 'OLD-11',
  url: 'https://channel.example.com/old',
  status: 'building' as const,
  setAt: 1
}

function row(over: Partial<ImportRow>): ImportRow {
  return {
    line: 2,
    listingId: 10,
    listingName: 'Casa Rosa',
    reference: 'R-10',
    url: null,
    status: null,
    current: null,
    change: 'new',
    problems: [],
    ...over
  }
}

const ROWS: ImportRow[] = [
  row({ line: 2, listingId: 10, reference: 'R-10', url: 'https://channel.example.com/10' }),
  row({
    line: 3,
    listingId: 11,
    reference: 'NEW-11',
    status: 'active',
    current: KEPT,
    change: 'changed'
  }),
  row({
    line: 4,
    listingId: 12,
    reference: 'SAME',
    current: { ...KEPT, listingId: 12, reference: 'SAME' },
    change: 'same'
  }),
  row({
    line: 5,
    listingId: null,
    listingName: null,
    reference: 'X',
    change: 'invalid',
    problems: ['"abc" is not a listing id.']
  }),
  row({
    line: 6,
    listingId: 13,
    reference: 'R-13',
    status: 'sold',
    change: 'invalid',
    problems: ['Status must be one of building, incomplete, active, inactive.']
  })
]

function result(
  outcomes: ApplyReferencesResult['results'][number]['outcome'][]
): ApplyReferencesResult {
  return {
    results: outcomes.map((outcome, i) => ({
      listingId: 100 + i,
      outcome,
      message: outcome === 'done' ? null : 'why',
      batch: i < 2 ? 1 : 2
    })),
    batches: outcomes.length > 2 ? 2 : 1,
    undo: { csv: 'listingId,reference,url,status\n', rows: 1, withoutPrevious: 2 }
  }
}

describe('which rows an apply sends', () => {
  it('sends only the valid new and changed rows, as the command takes them', () => {
    const rows = rowsToApply(ROWS)
    expect(rows).toEqual([
      { listingId: 10, reference: 'R-10', url: 'https://channel.example.com/10' },
      { listingId: 11, reference: 'NEW-11', status: 'active' }
    ])
    expect(ApplyReferencesInput.safeParse({ rows }).success).toBe(true)
    expect(applyLabel(rows.length)).toBe('Apply 2 changes')
  })

  it('has nothing to send when no row changes anything', () => {
    expect(rowsToApply(ROWS.filter((r) => r.change === 'same' || r.change === 'invalid'))).toEqual(
      []
    )
    expect(applyLabel(0)).toBe('No changes to apply')
    expect(applyLabel(1)).toBe('Apply 1 change')
  })

  it('filters the diff to changes or to invalid rows', () => {
    expect(filterRows(ROWS, 'all').map((r) => r.line)).toEqual([2, 3, 4, 5, 6])
    expect(filterRows(ROWS, 'changes').map((r) => r.line)).toEqual([2, 3])
    expect(filterRows(ROWS, 'invalid').map((r) => r.line)).toEqual([5, 6])
  })

  it('counts every kind, zeros included', () => {
    expect(countsText({ new: 1, changed: 1, same: 1, invalid: 2 })).toBe(
      '1 new · 1 changed · 1 same · 2 invalid'
    )
    expect(countsText({ new: 0, changed: 0, same: 4, invalid: 0 })).toBe(
      '0 new · 0 changed · 4 same · 0 invalid'
    )
  })
})

describe('a dry-run row in words', () => {
  it('shows what was last set and what the file gives', () => {
    const changed = ROWS[1]
    expect(fieldDiff(changed, 'reference')).toEqual({ from: 'OLD-11', to: 'NEW-11', changes: true })
    expect(fieldDiff(changed, 'status')).toEqual({ from: 'Building', to: 'Active', changes: true })
    // No URL in the file: not sent, so the channel keeps its URL.
    expect(fieldDiff(changed, 'url')).toEqual({
      from: 'https://channel.example.com/old',
      to: 'kept',
      changes: false
    })
  })

  it('says when nothing was ever set, and keeps an unknown status as written', () => {
    expect(fieldDiff(ROWS[0], 'reference')).toEqual({ from: 'none set', to: 'R-10', changes: true })
    expect(fieldDiff(ROWS[4], 'status').to).toBe('sold')
    expect(fieldDiff(ROWS[2], 'reference')).toEqual({ from: 'SAME', to: 'SAME', changes: false })
    expect(statusWords(null)).toBe('—')
    expect(statusWords('incomplete')).toBe('Incomplete')
  })
})

describe('the results of an apply', () => {
  it('sums up the outcomes that happened, with the batches', () => {
    expect(resultSummary(result(['done', 'done', 'done']))).toBe(
      '3 references in 2 batches: 3 done.'
    )
    expect(resultSummary(result(['done']))).toBe('1 reference in 1 batch: 1 done.')
    const mixed = result(['done', 'refused', 'unknown', 'not-sent'])
    expect(outcomeCounts(mixed)).toEqual({ done: 1, refused: 1, unknown: 1, 'not-sent': 1 })
    expect(resultSummary(mixed)).toBe(
      '4 references in 2 batches: 1 done, 1 refused, 1 unknown, 1 not sent.'
    )
  })

  it('says what to do about rows that did not go through', () => {
    expect(resultAdvice(result(['done', 'done']))).toBeNull()
    const advice = resultAdvice(result(['done', 'unknown', 'not-sent']))!
    expect(advice).toMatch(/check those listings on the channel/)
    expect(advice).toMatch(/never reached the service/)
  })

  it('names the listings the undo file can’t put back', () => {
    expect(undoNote({ csv: '', rows: 1, withoutPrevious: 2 })).toBe(
      'The undo file puts back the previous values of 1 listing. 2 listings had no reference before: the service can’t remove a reference, so undoing leaves them as now.'
    )
    expect(undoNote({ csv: '', rows: 3, withoutPrevious: 0 })).toBe(
      'The undo file puts back the previous values of 3 listings.'
    )
    expect(undoNote({ csv: '', rows: 0, withoutPrevious: 1 })).toMatch(
      /^No listing had a previous value to put back\. 1 listing had no reference before: .* leaves it as now\.$/
    )
  })

  it('says where a file went, or nothing when the dialog was closed', () => {
    const what = 'reference'
    expect(savedText({ file: '/home/a/refs.csv', rows: 4 }, what)).toBe(
      'Saved 4 references to /home/a/refs.csv'
    )
    expect(savedText({ file: null }, what)).toBeNull()
  })
})
