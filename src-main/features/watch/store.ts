import Database from 'better-sqlite3'
import type { z } from 'zod'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { packedFromRow, type PackedDays } from '@shared/calendar/packed-days'
import { decodeRates, packedRatesFromRow, type PackedRates } from '@shared/calendar/packed-rates'
import type { BookingDetails } from '@shared/api/booking.schema'
import type { Listing } from '@shared/api/listing.schema'
import type { Alert, AlertChange, AlertKind, AlertStatus } from '@shared/watch/alert.schema'
import { openNightsOf, type Hit, type HitChange } from '@shared/watch/rules'
import { alertReason } from '@shared/watch/alert-words'
import { priceAlertFacts } from '@shared/watch/price-alert'
import type { RecordedChange } from '@shared/watch/price-at-booking'
import type { SyncCursor } from '../../db'
import { unpackJson, type StoredJson } from '../../db/listing-json'
import { openKeptDatabase } from '../../kept'
import type { PriceReads } from './booking-price'

/**
 * The watch's own connection: the profile's kept store (where alerts live, so a resync never
 * undoes a dismissal) with the mirror attached as `m` and only read (history, calendars,
 * listing names). A connection of its own because the mirror hands none out and the watch reads
 * packed rows by the thousand; WAL lets it read beside the sync's writes.
 */

export interface HistoryRow {
  id: number
  listing_id: number
  resource: 'availability' | 'rates'
  key: string
  old: string | null
  new: string | null
  seen_at: number
}

export interface HeldRow {
  id: string
  status: string
  listing_id: number
  check_in: string
  check_out: string
  expires_at: string | null
  /** When the desk last read it from the service (or a team copy was kept): a re-read. */
  fetched_at: number
}

interface AlertRow {
  id: number
  kind: AlertKind
  status: AlertStatus
  listing_id: number
  booking_id: string | null
  nights: string
  old_value: number | null
  new_value: number | null
  limit_value: number | null
  change_seen_at: number | null
  change_old: string | null
  change_new: string | null
  dedupe_key: string
  first_seen: number
  last_seen: number
  ended_at: number | null
  listing_name: string | null
}

export interface AlertQuery {
  status: AlertStatus | 'open'
  kind?: AlertKind
  listingId?: number
  /** Only alerts first seen at or after this epoch ms. */
  since?: number
  offset: number
  limit: number
}

type ChangeValue = z.infer<typeof AlertChange>['old']

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v))
const parse = (s: string | null): unknown => (s === null ? null : (JSON.parse(s) as unknown))

/**
 * Kinds whose alerts end by their listings (openAlerts); 'price-at-booking' alerts end by their
 * bookings (openPriceAlerts).
 */
const PASS_KINDS: readonly AlertKind[] = [
  'double-booking',
  'price-drop',
  'price-floor',
  'no-rate',
  'min-stay-jump'
]

export class WatchStore {
  private readonly statements = new Map<string, Database.Statement>()

  private constructor(private readonly db: Database.Database) {}

  /** Prepared once per connection: a full pass reads two rows for each of 10,000 listings. */
  private stmt(source: string): Database.Statement {
    let stmt = this.statements.get(source)
    if (!stmt) {
      stmt = this.db.prepare(source)
      this.statements.set(source, stmt)
    }
    return stmt
  }

  static async open(
    mirrorFile: string,
    keptFile: string,
    nativeBinding?: string
  ): Promise<WatchStore> {
    const db = await openKeptDatabase(keptFile, { nativeBinding })
    try {
      db.prepare('ATTACH DATABASE ? AS m').run(mirrorFile)
    } catch (err) {
      db.close()
      throw err
    }
    return new WatchStore(db)
  }

  close(): void {
    if (this.db.open) this.db.close()
  }

  state<T>(name: string): T | undefined {
    const row = this.stmt('SELECT value FROM watch_state WHERE name = ?').get(name) as
      { value: string } | undefined
    return row === undefined ? undefined : (JSON.parse(row.value) as T)
  }

  setState(name: string, value: unknown): void {
    this.stmt(
      'INSERT INTO watch_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value'
    ).run(name, JSON.stringify(value))
  }

  /** Lowest and highest history row id (null while the history is empty). */
  historyBounds(): { lo: number | null; hi: number | null } {
    return this.stmt('SELECT min(id) AS lo, max(id) AS hi FROM m.history').get() as {
      lo: number | null
      hi: number | null
    }
  }

  /** Where each resource's full download started (sync_state): a new one means a full sync. */
  fullSyncMarks(): string {
    const rows = this.stmt(
      "SELECT resource, cursor FROM m.sync_state WHERE resource IN ('availability', 'rates') ORDER BY resource"
    ).all() as { resource: string; cursor: string }[]
    return rows
      .map((r) => {
        let started: unknown = null
        try {
          started = (JSON.parse(r.cursor) as { fullStartedAt?: unknown }).fullStartedAt ?? null
        } catch {
          // A cursor that is not JSON names no full sync: compared as null.
        }
        return `${r.resource}:${String(started)}`
      })
      .join(',')
  }

  /** Calendar changes after history row `cursor`, oldest first. */
  changesSince(cursor: number): HistoryRow[] {
    return this.stmt(
      `SELECT id, listing_id, resource, key, old, new, seen_at FROM m.history
         WHERE id > ? AND resource IN ('availability', 'rates') ORDER BY id`
    ).all(cursor) as HistoryRow[]
  }

  /** Listings whose record changed (history 'listings') after history row `cursor`. */
  listingsChangedSince(cursor: number): number[] {
    return this.stmt(
      `SELECT DISTINCT listing_id FROM m.history WHERE id > ? AND resource = 'listings'`
    )
      .pluck()
      .all(cursor) as number[]
  }

  /** The latest recorded change of one night's availability (index history_listing). */
  lastAvailabilityChange(listingId: number, date: string): HitChange | null {
    const row = this.stmt(
      `SELECT old, new, seen_at FROM m.history
         WHERE listing_id = ? AND resource = 'availability' AND key = ?
         ORDER BY seen_at DESC, id DESC LIMIT 1`
    ).get(listingId, date) as
      { old: string | null; new: string | null; seen_at: number } | undefined
    if (!row) return null
    const after = parse(row.new) as Partial<AvailabilityDay> | null
    // Only a change that left the night open explains why it is open.
    if (after?.available !== true) return null
    return { seenAt: row.seen_at, old: parse(row.old), new: after }
  }

  allListingIds(): number[] {
    return (
      this.stmt('SELECT listing_id FROM m.availability UNION SELECT listing_id FROM m.rates')
        .pluck()
        .all() as number[]
    ).sort((a, b) => a - b)
  }

  days(listingId: number): PackedDays | undefined {
    const row = this.stmt('SELECT * FROM m.availability WHERE listing_id = ?').get(listingId) as
      Parameters<typeof packedFromRow>[0] | undefined
    return row && packedFromRow(row)
  }

  rates(listingId: number): PackedRates | undefined {
    const row = this.stmt('SELECT * FROM m.rates WHERE listing_id = ?').get(listingId) as
      Parameters<typeof packedRatesFromRow>[0] | undefined
    return row && packedRatesFromRow(row)
  }

  /** Kept bookings that may hold nights from `today` on (HOLDING_STATUSES filters further). */
  bookingsAhead(today: string): HeldRow[] {
    return this.stmt(
      `SELECT id, status, listing_id, check_in, check_out, expires_at, fetched_at FROM main.bookings
         WHERE check_out > ? AND listing_id IS NOT NULL ORDER BY id`
    ).all(today) as HeldRow[]
  }

  /** A kept booking as the service's read has it, with its listing's name in the copy. */
  keptBooking(
    id: string
  ): { booking: BookingDetails; listingId: number | null; listingName: string | null } | undefined {
    const row = this.stmt(
      `SELECT b.json, b.listing_id, l.name AS listing_name FROM main.bookings b
         LEFT JOIN m.listings l ON l.id = b.listing_id WHERE b.id = ?`
    ).get(id) as
      { json: string; listing_id: number | null; listing_name: string | null } | undefined
    if (!row) return undefined
    return {
      booking: JSON.parse(row.json) as BookingDetails,
      listingId: row.listing_id,
      listingName: row.listing_name
    }
  }

  /** What pricing a booking at booking reads, from this connection (booking-price.ts). */
  priceReads(): PriceReads {
    return {
      listing: (id) => {
        const stored = this.stmt('SELECT json FROM m.listings WHERE id = ?').pluck().get(id) as
          StoredJson | undefined
        return stored === undefined ? undefined : (JSON.parse(unpackJson(stored)) as Listing)
      },
      rates: (id) => {
        const packed = this.rates(id)
        return packed && decodeRates(id, packed)
      },
      changes: (id, resource, limit) =>
        (
          this.stmt(
            `SELECT key, old, seen_at FROM m.history WHERE listing_id = ? AND resource = ?
               ORDER BY seen_at DESC, id DESC LIMIT ?`
          ).all(id, resource, limit) as { key: string; old: string | null; seen_at: number }[]
        ).map((r): RecordedChange => ({
          key: r.key,
          old: r.old === null ? undefined : (JSON.parse(r.old) as unknown),
          seenAt: r.seen_at
        })),
      seenAt: (id) => {
        const one = (table: string, column: string) =>
          (this.stmt(`SELECT seen_at FROM m.${table} WHERE ${column} = ?`).pluck().get(id) as
            number | undefined) ?? null
        return {
          listings: one('listings', 'id'),
          availability: one('availability', 'listing_id'),
          rates: one('rates', 'listing_id')
        }
      },
      ratesCursor: () => {
        const json = this.stmt("SELECT cursor FROM m.sync_state WHERE resource = 'rates'")
          .pluck()
          .get() as string | undefined
        return json === undefined ? undefined : (JSON.parse(json) as SyncCursor)
      }
    }
  }

  /** Open (not ended) price-at-booking alerts: they last while their booking still differs. */
  openPriceAlerts(): { id: number; dedupe_key: string; booking_id: string | null }[] {
    return this.stmt(
      `SELECT id, dedupe_key, booking_id FROM watch_alerts
         WHERE ended_at IS NULL AND kind = 'price-at-booking'`
    ).all() as ReturnType<WatchStore['openPriceAlerts']>
  }

  /** Open (not ended) alerts of the pass's kinds, all or of the listings named. */
  openAlerts(listingIds?: readonly number[]): {
    id: number
    dedupe_key: string
    kind: AlertKind
    listing_id: number
    nights: string
    new_value: number | null
  }[] {
    const kinds = PASS_KINDS.map((k) => `'${k}'`).join(', ')
    const rows = this.stmt(
      `SELECT id, dedupe_key, kind, listing_id, nights, new_value FROM watch_alerts
         WHERE ended_at IS NULL AND kind IN (${kinds})`
    ).all() as ReturnType<WatchStore['openAlerts']>
    if (!listingIds) return rows
    const named = new Set(listingIds)
    return rows.filter((r) => r.kind === 'double-booking' || named.has(r.listing_id))
  }

  /**
   * Writes one pass's findings in one transaction: a hit whose key is open is seen again
   * (last_seen), a new one is inserted as new; the open alerts in `scope` that were not found
   * again have ended. Answers the ids of the new alerts.
   */
  apply(hits: readonly Hit[], endIds: readonly number[], now: number): number[] {
    // A run under the floor keeps its key while its prices move: its lowest is updated.
    const touch = this.stmt(
      'UPDATE watch_alerts SET last_seen = ?, new_value = ? WHERE dedupe_key = ? AND ended_at IS NULL'
    )
    const insert = this.stmt(
      `INSERT INTO watch_alerts (kind, listing_id, booking_id, nights, first_night, old_value,
         new_value, limit_value, change_seen_at, change_old, change_new, dedupe_key, first_seen,
         last_seen)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    const end = this.stmt('UPDATE watch_alerts SET ended_at = ? WHERE id = ?')
    return this.db
      .transaction(() => {
        const added: number[] = []
        for (const id of endIds) end.run(now, id)
        for (const h of hits) {
          if (touch.run(now, h.newValue, h.key).changes > 0) continue
          const r = insert.run(
            h.kind,
            h.listingId,
            h.bookingId,
            JSON.stringify(h.nights),
            h.nights[0],
            h.oldValue,
            h.newValue,
            h.limit,
            h.change?.seenAt ?? null,
            h.change ? json(h.change.old) : null,
            h.change ? json(h.change.new) : null,
            h.key,
            now,
            now
          )
          added.push(Number(r.lastInsertRowid))
        }
        return added
      })
      .immediate()
  }

  list(q: AlertQuery): { items: Alert[]; total: number } {
    const where: string[] = []
    const args: (string | number)[] = []
    if (q.status === 'open') where.push("a.status IN ('new', 'seen')")
    else {
      where.push('a.status = ?')
      args.push(q.status)
    }
    if (q.kind) {
      where.push('a.kind = ?')
      args.push(q.kind)
    }
    if (q.listingId !== undefined) {
      where.push('a.listing_id = ?')
      args.push(q.listingId)
    }
    if (q.since !== undefined) {
      where.push('a.first_seen >= ?')
      args.push(q.since)
    }
    const clause = `WHERE ${where.join(' AND ')}`
    const total = this.stmt(`SELECT count(*) FROM watch_alerts a ${clause}`)
      .pluck()
      .get(...args) as number
    const rows = this.stmt(
      `SELECT a.*, l.name AS listing_name FROM watch_alerts a
         LEFT JOIN m.listings l ON l.id = a.listing_id ${clause}
         ORDER BY a.first_seen DESC, a.listing_id, a.first_night, a.kind, a.id LIMIT ? OFFSET ?`
    ).all(...args, q.limit, q.offset) as AlertRow[]
    const daysOf = new Map<number, PackedDays | undefined>()
    const openOf = (listingId: number) => {
      if (!daysOf.has(listingId)) daysOf.set(listingId, this.days(listingId))
      return daysOf.get(listingId)
    }
    return { items: rows.map((r) => toAlert(r, openOf)), total }
  }

  get(id: number): Alert | undefined {
    const row = this.stmt(
      `SELECT a.*, l.name AS listing_name FROM watch_alerts a
         LEFT JOIN m.listings l ON l.id = a.listing_id WHERE a.id = ?`
    ).get(id) as AlertRow | undefined
    return row && toAlert(row, (listingId) => this.days(listingId))
  }

  counts(): { new: number; seen: number; dismissed: number } {
    const out = { new: 0, seen: 0, dismissed: 0 }
    const rows = this.stmt(
      'SELECT status, count(*) AS n FROM watch_alerts GROUP BY status'
    ).all() as { status: AlertStatus; n: number }[]
    for (const r of rows) out[r.status] = r.n
    return out
  }

  setStatus(ids: readonly number[], status: AlertStatus): number {
    const stmt = this.stmt('UPDATE watch_alerts SET status = ? WHERE id = ? AND status <> ?')
    return this.db.transaction(() =>
      ids.reduce((n, id) => n + stmt.run(status, id, status).changes, 0)
    )()
  }
}

/**
 * An alert as readers see it. A floor alert says which of its nights the copy shows open for
 * booking now (read when listed, so the words follow the calendar after each sync), unless the
 * copy no longer has the listing's calendar.
 */
function toAlert(r: AlertRow, daysOf: (listingId: number) => PackedDays | undefined): Alert {
  const nights = JSON.parse(r.nights) as string[]
  const days = r.kind === 'price-floor' ? daysOf(r.listing_id) : undefined
  const facts = {
    kind: r.kind,
    listingId: r.listing_id,
    listingName: r.listing_name,
    bookingId: r.booking_id,
    nights,
    ...(days && { openNights: openNightsOf(days, nights) }),
    oldValue: r.old_value,
    newValue: r.new_value,
    limit: r.limit_value,
    priceAtBooking: r.kind === 'price-at-booking' ? priceAlertFacts(r.dedupe_key) : undefined
  }
  const { priceAtBooking: _facts, ...shown } = facts
  return {
    id: r.id,
    status: r.status,
    ...shown,
    change:
      r.change_seen_at === null
        ? null
        : {
            seenAt: r.change_seen_at,
            old: parse(r.change_old) as ChangeValue,
            new: parse(r.change_new) as ChangeValue
          },
    reason: alertReason(facts),
    firstSeen: r.first_seen,
    lastSeen: r.last_seen,
    endedAt: r.ended_at
  }
}
