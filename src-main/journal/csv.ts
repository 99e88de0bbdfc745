import { stringify } from 'csv-stringify/sync'
import type { WriteRow } from './query'

/**
 * The journal as a CSV file for a spreadsheet or an auditor: one line per write, times in
 * ISO 8601 UTC, the request and the answer as the JSON text the journal keeps (not parsed and
 * re-written, so the export shows exactly what was recorded).
 */

/**
 * The journal's CSV columns, `who` naming the two columns that say who sent each write: this
 * computer's journal names the profile and its kind, a team's the person and the environment.
 */
export function journalCsvHeader(who: readonly [string, string]): string[] {
  return [
    'Sent at',
    'Answered at',
    ...who,
    'Action',
    'Outcome',
    'Booking id',
    'Own reference',
    'Listing id',
    'Message',
    'Sent (JSON)',
    'Received (JSON)',
    'Settled at',
    'Settled as',
    'Settled by',
    'Settlement note'
  ]
}

/** A settlement's result in the file's words. */
export const SETTLED_AS = { done: 'carried out', 'not-done': 'not carried out' } as const

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString())

function csvRow(row: WriteRow): (string | number)[] {
  return [
    iso(row.sent_at),
    iso(row.answered_at),
    row.profile_name,
    row.profile_kind,
    row.action,
    row.outcome,
    row.booking_id ?? '',
    row.own_reference ?? '',
    row.listing_id ?? '',
    row.message ?? '',
    row.sent_json ?? '',
    row.received_json ?? '',
    iso(row.settled_at),
    row.settled_result === null ? '' : SETTLED_AS[row.settled_result],
    row.settled_at === null ? '' : `${row.settled_by} (profile ${row.settled_profile_name})`,
    row.settled_note ?? ''
  ]
}

/**
 * CSV text of `records`, the header row first. `escape_formulas` puts a `'` before a cell that
 * starts with `=`, `+`, `-`, `@`, tab or carriage return: a service message or guest name is
 * not ours, and a spreadsheet would otherwise run it as a formula (CSV injection).
 */
export function csvText(records: (string | number)[][]): { text: string; rows: number } {
  return { text: stringify(records, { escape_formulas: true }), rows: records.length - 1 }
}

export function journalCsv(rows: Iterable<WriteRow>): { text: string; rows: number } {
  const records: (string | number)[][] = [journalCsvHeader(['Profile', 'Profile kind'])]
  for (const row of rows) records.push(csvRow(row))
  return csvText(records)
}
