import type Database from 'better-sqlite3'
import type { AvailabilityDay, AvailabilityRecord } from '@shared/api/availability.schema'
import { stableStringify } from '../json'
import {
  decodeDays,
  encodeDays,
  packedFromRow,
  type PackedDays
} from '@shared/calendar/packed-days'
import type { AvailabilityRow } from '../schema'
import type { HistoryChange } from './history'

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.compare(a, b) === 0
}

function samePacked(a: PackedDays, row: AvailabilityRow, extra: string | null): boolean {
  return (
    a.baseDay === row.base_day &&
    a.stayWidth === row.stay_width &&
    extra === row.extra &&
    bytesEqual(a.flags, row.flags) &&
    bytesEqual(a.minStay, row.min_stay) &&
    bytesEqual(a.maxStay, row.max_stay)
  )
}

/** Field by field: a day has exactly these five fields once validated or decoded. */
function sameDay(a: AvailabilityDay, b: AvailabilityDay): boolean {
  return (
    a.available === b.available &&
    a.checkInDay === b.checkInDay &&
    a.checkOutDay === b.checkOutDay &&
    a.minStay === b.minStay &&
    a.maxStay === b.maxStay &&
    Object.keys(a).length === Object.keys(b).length
  )
}

/**
 * Days that changed between two calendars, over the span both cover. Days that only fall off
 * the start (yesterday) or appear at the end (the window rolling forward) are not changes.
 * Runs for every changed calendar of a delta sync (730 days each), hence no per-day JSON.
 */
function changedDays(
  before: Record<string, AvailabilityDay>,
  after: Record<string, AvailabilityDay>
): HistoryChange[] {
  const oldDates = Object.keys(before).sort()
  const newDates = Object.keys(after).sort()
  if (oldDates.length === 0 || newDates.length === 0) return []
  const lo = oldDates[0] > newDates[0] ? oldDates[0] : newDates[0]
  const oldLast = oldDates[oldDates.length - 1]
  const newLast = newDates[newDates.length - 1]
  const hi = oldLast < newLast ? oldLast : newLast
  const out: HistoryChange[] = []
  for (const date of [...new Set([...oldDates, ...newDates])].sort()) {
    if (date < lo || date > hi) continue
    const a = before[date]
    const b = after[date]
    if (a && b && (sameDay(a, b) || stableStringify(a) === stableStringify(b))) continue
    out.push({ key: date, old: a, new: b })
  }
  return out
}

export class AvailabilityRepo {
  private readonly upsertStmt: Database.Statement
  private readonly getStmt: Database.Statement<[number], AvailabilityRow>

  constructor(db: Database.Database) {
    this.upsertStmt = db.prepare(
      `INSERT INTO availability (listing_id, base_day, flags, stay_width, min_stay, max_stay, extra, seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (listing_id) DO UPDATE SET base_day = excluded.base_day, flags = excluded.flags,
         stay_width = excluded.stay_width, min_stay = excluded.min_stay,
         max_stay = excluded.max_stay, extra = excluded.extra, seen_at = excluded.seen_at`
    )
    this.getStmt = db.prepare<[number], AvailabilityRow>(
      'SELECT * FROM availability WHERE listing_id = ?'
    )
  }

  packed(listingId: number): PackedDays | undefined {
    const row = this.getStmt.get(listingId)
    return row && packedFromRow(row)
  }

  get(listingId: number): AvailabilityRecord | undefined {
    const p = this.packed(listingId)
    return p && { listingId, availability: decodeDays(p) }
  }

  /** Upserts; null when identical to the stored row, else the changed days. */
  /** The pure part of a write (packing the days), done before the write transaction opens. */
  prepare(record: AvailabilityRecord): PreparedAvailability {
    const packed = encodeDays(record.availability)
    const extra = packed.extra === null ? null : JSON.stringify(packed.extra)
    return { listingId: record.listingId, packed, extra }
  }

  apply(
    prepared: PreparedAvailability,
    seenAt: number,
    withChanges: boolean
  ): HistoryChange[] | null {
    const { listingId, packed, extra } = prepared
    const old = this.getStmt.get(listingId)
    if (old && samePacked(packed, old, extra)) return null
    const changes =
      withChanges && old ? changedDays(decodeDays(packedFromRow(old)), decodeDays(packed)) : []
    this.upsertStmt.run(
      listingId,
      packed.baseDay,
      packed.flags,
      packed.stayWidth,
      packed.minStay,
      packed.maxStay,
      extra,
      seenAt
    )
    return changes
  }
}

/** Packed only: the record's 730 day objects are not kept once packed (json-items.ts). */
export interface PreparedAvailability {
  listingId: number
  packed: ReturnType<typeof encodeDays>
  extra: string | null
}
