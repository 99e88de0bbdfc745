import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { salesChannelId } from '@shared/api/common.schema'
import { CHANNEL_LISTING_STATUSES } from '@shared/api/reference.schema'
import {
  ReferenceInput,
  type ImportPreview,
  type ImportRow,
  type KeptReference
} from '@shared/ipc/references.schema'
import type { Mirror } from '../../db'
import { issueSentence } from '../../errors'

/**
 * The references file, one format for import, export and undo: a header row naming the columns
 * (`listingId` and `reference` required, `url`, `status` and `channel` optional, in any order,
 * any case), then one listing per row. An empty url or status means "not given": the service
 * keeps what it had, so an undo file can't clear a value either.
 *
 * Files are read as people's spreadsheets save them: comma, semicolon (a European Excel's "CSV")
 * or tab separated, told apart by the header row; with or without a byte-order mark; CRLF, LF or
 * CR line ends (csv-parse finds them). A status differing only in case ("Active") is the value
 * it names. A UTF-16 file (Excel's "Unicode Text") reaches the parser already decoded as UTF-8,
 * which garbles it beyond repair, so it is refused with what to do instead.
 */

const REFERENCE_COLUMNS = ['listingId', 'reference', 'url', 'status'] as const
/**
 * The channel a row is for (the bulk endpoint's `salesChannel`, for channel managers). StayDesk
 * sets references for the profile's own channel only, so the column is checked, never sent.
 */
const CHANNEL_COLUMNS = ['channel', 'salesChannel'] as const
type Column = (typeof REFERENCE_COLUMNS)[number] | 'channel'

const SEPARATORS = [
  { char: ',', name: 'commas' },
  { char: ';', name: 'semicolons' },
  { char: '\t', name: 'tabs' }
] as const

/** The column a header cell names, whatever its case. */
function columnOf(header: string): Column | undefined {
  const h = header.trim().toLowerCase()
  const named = REFERENCE_COLUMNS.find((c) => c.toLowerCase() === h)
  if (named) return named
  return CHANNEL_COLUMNS.some((c) => c.toLowerCase() === h) ? 'channel' : undefined
}

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

/** The header row's cells under one separator; none when the row can't be read with it. */
function headerCells(csv: string, delimiter: string): string[] {
  try {
    const rows = parse(csv, { bom: true, delimiter, to_line: 1, trim: true }) as string[][]
    return rows[0] ?? []
  } catch {
    return []
  }
}

/**
 * The separator of the file: the one under which the header row names the most known columns,
 * then the one that splits it into the most cells (a quoted cell may hold the others).
 */
export function detectSeparator(csv: string): (typeof SEPARATORS)[number] {
  let best: (typeof SEPARATORS)[number] = SEPARATORS[0]
  let score = [-1, -1]
  for (const separator of SEPARATORS) {
    const cells = headerCells(csv, separator.char)
    const known = new Set(cells.map(columnOf).filter((c) => c !== undefined)).size
    if (known > score[0] || (known === score[0] && cells.length > score[1])) {
      best = separator
      score = [known, cells.length]
    }
  }
  return best
}

const UTF16 =
  'The file is UTF-16 text (what Excel saves as "Unicode Text"); StayDesk reads UTF-8. In ' +
  'Excel, save it as "CSV UTF-8 (Comma delimited)" and import that file.'

function parseFile(csv: string): ParsedFile {
  // UTF-16 read as UTF-8: every other byte of its Latin text is NUL, never in a UTF-8 CSV.
  if (csv.includes('\u0000')) return { rows: [], problems: [UTF16] }
  const separator = detectSeparator(csv)
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(csv, {
      bom: true,
      delimiter: separator.char,
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
  const header = records[0].record.map((h) => h.trim())
  const index = new Map<Column, number>()
  header.forEach((h, at) => {
    const column = columnOf(h)
    if (column !== undefined && !index.has(column)) index.set(column, at)
  })
  const missing = (['listingId', 'reference'] as const).filter((c) => !index.has(c))
  if (missing.length > 0) {
    return {
      rows: [],
      problems: [
        `The first row must name the columns: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing ` +
          `(found: ${header.filter(Boolean).join(', ') || 'nothing'}, read as separated by ${separator.name}). ` +
          'Expected listingId, reference, url, status, separated by commas, semicolons or tabs.'
      ]
    }
  }
  const unknown = header.filter((h) => h !== '' && columnOf(h) === undefined)
  const problems =
    unknown.length > 0 ? [`Columns StayDesk does not use are ignored: ${unknown.join(', ')}.`] : []
  const rows = records.slice(1).map(({ record, info }) => {
    const cells: Partial<Record<Column, string>> = {}
    for (const [column, at] of index) cells[column] = record[at] ?? ''
    return { line: info.lines, cells }
  })
  return { rows, problems }
}

/** A status as the contract spells it when it differs only in case ("Active"); else as given. */
function statusOf(text: string): string {
  const lower = text.toLowerCase()
  return CHANNEL_LISTING_STATUSES.find((s) => s === lower) ?? text
}

/**
 * What is wrong with a row's channel cell: empty is the profile's own channel; anything else
 * must be a channel id, and the profile's, since no other channel's reference is ever sent.
 */
function channelProblem(text: string, own: string | undefined): string | undefined {
  if (text === '') return undefined
  if (!salesChannelId.safeParse(text).success) {
    return `Channel "${text}" is not a sales channel id: it must be 4 characters.`
  }
  if (own === undefined) {
    return (
      `Channel ${text} can't be checked against this profile's channel; leave the cell empty ` +
      "to set the reference for the profile's own channel."
    )
  }
  if (text.toUpperCase() !== own.toUpperCase()) {
    return (
      `Channel ${text} is not this profile's channel (${own}): StayDesk sets references for ` +
      `the profile's own channel only; import this row from a profile of channel ${text}.`
    )
  }
  return undefined
}

/** Characters a UTF-8 reading could not decode: a file saved in another encoding. */
const UNDECODED = '\uFFFD'

export interface PreviewOptions {
  /** The profile's sales channel: rows of a `channel` column must name it. */
  salesChannel?: string
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
export function previewReferences(
  mirror: Mirror,
  csv: string,
  opts: PreviewOptions = {}
): ImportPreview {
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
    const status = cells.status ? statusOf(cells.status) : ''
    const input = {
      listingId: listingId ?? -1,
      reference,
      ...(cells.url ? { url: cells.url } : {}),
      ...(status ? { status } : {})
    }
    const parsed = ReferenceInput.safeParse(input)
    if (listingId === null) {
      problems.push(idText === '' ? 'Listing id is missing.' : `"${idText}" is not a listing id.`)
    } else if (!mirror.listings.summary(listingId)) {
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
    const channel = channelProblem(cells.channel ?? '', opts.salesChannel)
    if (channel !== undefined) problems.push(channel)
    if (Object.values(cells).some((c) => c.includes(UNDECODED))) {
      problems.push(
        'Some characters could not be read (shown as \uFFFD): the file was saved in another ' +
          'encoding than UTF-8; save it as "CSV UTF-8" and import it again.'
      )
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
      listingName: listingId === null ? null : (mirror.listings.summary(listingId)?.name ?? null),
      reference,
      url: cells.url || null,
      status: status || null,
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
