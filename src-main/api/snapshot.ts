import { Listing } from '@shared/api/listing.schema'
import { packJson, pricingJson } from '../db/listing-json'
import { ApiError, DEFAULT_MESSAGES } from './errors'

/**
 * A team hub's snapshot of one resource (src-hub/catalog/snapshot.ts): every record it holds in
 * one streamed answer, for a desk's full sync. The body is one JSON array written one record a
 * line: `[`, then each record on its own line followed by `,` (but the last), then `]`.
 */

/** The hub's clock (Unix seconds) before it read the first record: where deltas continue. */
export const SNAPSHOT_AT_HEADER = 'X-StayDesk-Snapshot-At'

/**
 * Calendars and rates in the mirror's packed form, one line each
 * (src-shared/calendar/packed-lines.ts), listings with their deflated JSON
 * (src-main/db/listing-json.ts): asked as `?form=packed`, and said by a hub that sends them so in
 * this header (an older hub ignores the question and sends records).
 */
export const SNAPSHOT_FORM_HEADER = 'X-StayDesk-Snapshot-Form'
export const PACKED_FORM = 'packed'

export interface Snapshot {
  url: string
  /** Unix seconds, the hub's clock when the snapshot began. */
  takenAt: number
  /** `packed`: each line is packed (see PACKED_FORM) or a record that says so, else a record. */
  form: 'records' | 'packed'
  /** Records the hub held when it began (progress only). */
  totalCount?: number
  /**
   * Each record's bytes, unparsed, in the hub's order. Ends only after the closing `]`: a body
   * cut short throws, so a caller that saw the end has every record.
   */
  records: AsyncIterable<Buffer>
}

/**
 * A listing's line in a team hub's packed snapshot (src-hub/catalog/snapshot.ts, made by its pack
 * pass): the raw deflate, in base64, of the JSON a desk stores for it (JSON.stringify of the
 * schema's output) and of its pricing subset, so that a new desk inflates (several times cheaper)
 * instead of deflating; 3.0 KB a listing against its record's 4.4 KB. `listingId` names it where
 * it cannot be read; no `id`: that key says a line is a record (one the hub could not pack).
 */
interface ListingLine {
  listingId: number
  deflated: string
  pricing: string
}

/** The packed line of a listing record's JSON, or undefined if the schema refuses it. */
export function listingLine(body: string): string | undefined {
  let record: unknown
  try {
    record = JSON.parse(body)
  } catch {
    return undefined
  }
  const parsed = Listing.safeParse(record)
  if (!parsed.success) return undefined
  const line: ListingLine = {
    listingId: parsed.data.id,
    deflated: packJson(JSON.stringify(parsed.data)).toString('base64'),
    pricing: packJson(pricingJson(parsed.data)).toString('base64')
  }
  return JSON.stringify(line)
}

const NEWLINE = 0x0a
const COMMA = 0x2c

function broken(detail: string): ApiError {
  return new ApiError(
    'bad-response',
    `${DEFAULT_MESSAGES['bad-response']} The team hub's snapshot ${detail}.`
  )
}

/** Trailing spaces (and a CR) of a line, so that `]\r` or `rec, ` read as the hub meant. */
function trimEnd(line: Buffer): Buffer {
  let end = line.length
  while (end > 0 && (line[end - 1] === 0x20 || line[end - 1] === 0x0d || line[end - 1] === 0x09))
    end--
  return end === line.length ? line : line.subarray(0, end)
}

/**
 * The records of a snapshot body, line by line as its chunks arrive. A line holding a record
 * is a view of its chunk (or of two joined, when it spans them); whether it is valid JSON is
 * decided when it is parsed (parseRecord), as for a page.
 */
export async function* snapshotRecords(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  // Where the list is: before `[`, among records, after one without its comma, after `]`.
  let state = 'start' as 'start' | 'records' | 'last' | 'end'
  let carry: Buffer | undefined
  const line = function* (raw: Buffer): Generator<Buffer> {
    const text = trimEnd(raw)
    if (state === 'start') {
      if (text.length === 1 && text[0] === 0x5b) state = 'records'
      else if (text.length > 0) throw broken('did not start as a list')
      return
    }
    if (state === 'end') {
      if (text.length > 0) throw broken('went on after its end')
      return
    }
    if (text.length === 1 && text[0] === 0x5d) {
      state = 'end'
      return
    }
    // A record after one without its comma: the list's commas are how lines are told apart.
    if (state === 'last') throw broken('had two records on one line or a missing comma')
    if (text.length === 0) throw broken('had an empty line')
    if (text[text.length - 1] === COMMA) {
      yield text.subarray(0, text.length - 1)
    } else {
      state = 'last'
      yield text
    }
  }
  for await (const chunk of chunks) {
    let from = 0
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, from)
      if (nl < 0) break
      const piece = chunk.subarray(from, nl)
      const whole = carry ? Buffer.concat([carry, piece]) : piece
      carry = undefined
      yield* line(whole)
      from = nl + 1
    }
    if (from < chunk.length) {
      const rest = chunk.subarray(from)
      carry = carry ? Buffer.concat([carry, rest]) : Buffer.from(rest)
    }
  }
  if (carry) yield* line(carry)
  if (state !== 'end') throw broken('ended before its last record')
}
