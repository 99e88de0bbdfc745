import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import {
  ReferenceInput,
  type ImportPreview,
  type ImportRow,
  type KeptReference
} from '@shared/ipc/pm.schema'
import type { Mirror } from '../../db'
import { issueSentence } from '../../errors'

/**
 * The references file, one format for import, export and undo: a header row naming the columns
 * (`listingId` and `reference` required, `url` and `status` optional, in any order, any case),
 * then one listing per row. An empty url or status means "not given": the service keeps what it
 * had, so an undo file can't clear a value either.
 */

export const REFERENCE_COLUMNS = ['listingId', 'reference', 'url', 'status'] as const
type Column = (typeof REFERENCE_COLUMNS)[number]

/** The rows as a references file (the undo file and the export). */
export function referencesCsv(
  rows: readonly {
    listingId: number
    reference: string
    url?: string | null
    status?: string | null
  }[]
): string {
  return stringify(
    rows.map((r) => [String(r.listingId), r.reference, r.url ?? '', r.status ?? '']),
    { header: true, columns: [...REFERENCE_COLUMNS] }
  )
}

interface ParsedFile {
  rows: { line: number; cells: Partial<Record<Column, string>> }[]
  problems: string[]
}

function parseFile(csv: string): ParsedFile {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(csv, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true
    }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    return { rows: [], problems: [`The file is not readable as CSV: ${message}.`] }
  }
  if (records.length === 0) return { rows: [], problems: ['The file is empty.'] }
  const header = records[0].record.map((h) => h.trim().toLowerCase())
  const index = new Map<Column, number>()
  for (const column of REFERENCE_COLUMNS) {
    const at = header.indexOf(column.toLowerCase())
    if (at >= 0) index.set(column, at)
  }
  const missing = (['listingId', 'reference'] as const).filter((c) => !index.has(c))
  if (missing.length > 0) {
    return {
      rows: [],
      problems: [
        `The first row must name the columns: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing ` +
          `(found: ${header.filter(Boolean).join(', ') || 'nothing'}). Expected listingId, reference, url, status.`
      ]
    }
  }
  const unknown = header.filter(
    (h) => h !== '' && !REFERENCE_COLUMNS.some((c) => c.toLowerCase() === h)
  )
  const problems =
    unknown.length > 0 ? [`Columns StayDesk does not use are ignored: ${unknown.join(', ')}.`] : []
  const rows = records.slice(1).map(({ record, info }) => {
    const cells: Partial<Record<Column, string>> = {}
    for (const [column, at] of index) cells[column] = record[at] ?? ''
    return { line: info.lines, cells }
  })
  return { rows, problems }
}

function same(current: KeptReference, row: ReferenceInput): boolean {
  return (
    current.reference === row.reference &&
    (row.url === undefined || row.url === current.url) &&
    (row.status === undefined || row.status === current.status)
  )
}

/**
 * The dry run: every row checked (its fields by the contract's ReferenceInput, the listing
 * against the portfolio, duplicates within the file) and compared with what this profile last
 * set. Nothing is sent.
 */
export function previewReferences(mirror: Mirror, csv: string): ImportPreview {
  const file = parseFile(csv)
  const kept = new Map(mirror.kept.references().map((r) => [r.listingId, r]))
  const keptByReference = new Map([...kept.values()].map((r) => [r.reference, r.listingId]))
  const listingsInFile = new Set(file.rows.map((r) => Number(r.cells.listingId)))
  const firstLineOfListing = new Map<number, number>()
  const firstLineOfReference = new Map<string, { line: number; listingId: number | null }>()
  const rows: ImportRow[] = file.rows.map(({ line, cells }) => {
    const problems: string[] = []
    const idText = cells.listingId ?? ''
    const listingId = /^\d{1,15}$/.test(idText) ? Number(idText) : null
    const reference = cells.reference ?? ''
    const input = {
      listingId: listingId ?? -1,
      reference,
      ...(cells.url ? { url: cells.url } : {}),
      ...(cells.status ? { status: cells.status } : {})
    }
    const parsed = ReferenceInput.safeParse(input)
    if (listingId === null) {
      problems.push(idText === '' ? 'Listing id is missing.' : `"${idText}" is not a listing id.`)
    } else if (!mirror.listingSummary(listingId)) {
      problems.push(`There is no listing ${listingId} in this profile's portfolio.`)
    } else if (firstLineOfListing.has(listingId)) {
      problems.push(`Listing ${listingId} is already on line ${firstLineOfListing.get(listingId)}.`)
    } else {
      firstLineOfListing.set(listingId, line)
    }
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] !== 'listingId') problems.push(`${issueSentence(issue)}.`)
      }
    }
    const trimmed = reference.trim()
    if (trimmed !== '') {
      const first = firstLineOfReference.get(trimmed)
      if (first) {
        problems.push(`Reference "${trimmed}" is already given on line ${first.line}.`)
      } else {
        firstLineOfReference.set(trimmed, { line, listingId })
        // The same reference kept for another listing would make two listings one on the channel.
        // unless the file gives that listing another reference too.
        const other = keptByReference.get(trimmed)
        if (other !== undefined && other !== listingId && !listingsInFile.has(other)) {
          problems.push(`Reference "${trimmed}" is already set for listing ${other}.`)
        }
      }
    }
    const current = listingId === null ? null : (kept.get(listingId) ?? null)
    const change: ImportRow['change'] =
      problems.length > 0 || !parsed.success
        ? 'invalid'
        : !current
          ? 'new'
          : same(current, parsed.data)
            ? 'same'
            : 'changed'
    return {
      line,
      listingId,
      listingName: listingId === null ? null : (mirror.listingSummary(listingId)?.name ?? null),
      reference,
      url: cells.url || null,
      status: cells.status || null,
      current,
      change,
      problems
    }
  })
  const counts = { new: 0, changed: 0, same: 0, invalid: 0 }
  for (const r of rows) counts[r.change]++
  const fileProblems = [...file.problems]
  if (file.problems.length === 0 && rows.length === 0)
    fileProblems.push('The file has no rows after its header.')
  return { rows, counts, fileProblems }
}
