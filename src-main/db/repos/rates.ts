import type Database from 'better-sqlite3'
import type { RateRecord } from '@shared/api/rate.schema'
import { changedFields } from '../json'
import {
  decodeRates,
  encodeRates,
  packedRatesFromRow,
  type PackedRates
} from '@shared/calendar/packed-rates'
import type { RatesRow } from '../schema'
import type { HistoryChange } from './history'

/**
 * Nights whose price changed over the span both records cover (see changedDays for why the
 * rolling edges are left out), then every rule that changed as `rule:<name>`.
 */
function changedRates(before: RateRecord, after: RateRecord): HistoryChange[] {
  const out: HistoryChange[] = []
  const oldDates = Object.keys(before.rate).sort()
  const newDates = Object.keys(after.rate).sort()
  if (oldDates.length > 0 && newDates.length > 0) {
    const lo = [oldDates[0], newDates[0]].sort()[1]
    const hi = [oldDates[oldDates.length - 1], newDates[newDates.length - 1]].sort()[0]
    for (const date of [...new Set([...oldDates, ...newDates])].sort()) {
      if (date < lo || date > hi) continue
      const a = before.rate[date]
      const b = after.rate[date]
      if (a !== b) out.push({ key: date, old: a, new: b })
    }
  }
  const { rate: _a, listingId: _b, ...oldRules } = before
  const { rate: _c, listingId: _d, ...newRules } = after
  for (const c of changedFields(oldRules, newRules)) out.push({ ...c, key: `rule:${c.key}` })
  return out
}

export class RatesRepo {
  private readonly upsertStmt: Database.Statement
  private readonly getStmt: Database.Statement<[number], RatesRow>

  constructor(db: Database.Database) {
    this.upsertStmt = db.prepare(
      `INSERT INTO rates (listing_id, base_day, prices, rules, exact, seen_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (listing_id) DO UPDATE SET base_day = excluded.base_day,
         prices = excluded.prices, rules = excluded.rules, exact = excluded.exact,
         seen_at = excluded.seen_at`
    )
    this.getStmt = db.prepare<[number], RatesRow>('SELECT * FROM rates WHERE listing_id = ?')
  }

  packed(listingId: number): PackedRates | undefined {
    const row = this.getStmt.get(listingId)
    return row && packedRatesFromRow(row)
  }

  get(listingId: number): RateRecord | undefined {
    const p = this.packed(listingId)
    return p && decodeRates(listingId, p)
  }

  /** Upserts; null when identical to the stored row, else the changed nights and rules. */
  /** The pure part of a write (packing the prices), done before the write transaction opens. */
  prepare(record: RateRecord): PreparedRates {
    const packed = encodeRates(record)
    const exact = packed.exact === null ? null : JSON.stringify(packed.exact)
    return {
      record: { listingId: record.listingId },
      packed,
      rules: JSON.stringify(packed.rules),
      exact
    }
  }

  apply(prepared: PreparedRates, seenAt: number, withChanges: boolean): HistoryChange[] | null {
    const { record, packed, rules, exact } = prepared
    const old = this.getStmt.get(record.listingId)
    if (
      old &&
      old.base_day === packed.baseDay &&
      old.rules === rules &&
      old.exact === exact &&
      Buffer.compare(old.prices, packed.prices) === 0
    ) {
      return null
    }
    const { listingId } = record
    const changes =
      withChanges && old
        ? changedRates(
            decodeRates(listingId, packedRatesFromRow(old)),
            decodeRates(listingId, packed)
          )
        : []
    this.upsertStmt.run(listingId, packed.baseDay, packed.prices, rules, exact, seenAt)
    return changes
  }
}

/**
 * Packed only, as for availability: of the record just its id (a packed snapshot line has no
 * record to keep; the nights a delta's history compares are decoded from `packed`).
 */
export interface PreparedRates {
  record: Pick<RateRecord, 'listingId'>
  packed: PackedRates
  rules: string
  exact: string | null
}
